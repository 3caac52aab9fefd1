#include "certify/run/protocol.hpp"

namespace xfen::certify {

namespace {

constexpr std::string_view kAccepted = "ok";
constexpr std::string_view kRejected = "error";

// "ok <record>" / "error <text>": the word, then, when there is more, one space and the rest.
void write_line(std::string& line, std::string_view word, std::string_view rest) {
  line.assign(word);
  if (rest.empty()) return;
  line += ' ';
  line += rest;
}

}  // namespace

AnswerLine read_answer_line(std::string_view line) noexcept {
  const auto after = [&](std::string_view word) { return line.substr(word.size() + 1); };
  const auto has_rest = [&](std::string_view word) {
    return line.size() > word.size() && line.starts_with(word) && line[word.size()] == ' ';
  };
  if (has_rest(kAccepted)) return {Answer::Kind::accepted, after(kAccepted), {}};
  if (line == kRejected) return {Answer::Kind::rejected, {}, {}};
  if (has_rest(kRejected)) return {Answer::Kind::rejected, after(kRejected), {}};
  if (line == kAccepted) return {Answer::Kind::protocol_error, line, "'ok' without the record after it"};
  return {Answer::Kind::protocol_error, line,
          "not an answer: a line must be 'ok <record>', 'error' or 'error <text>'"};
}

void write_accepted_line(std::string& line, std::string_view record) {
  write_line(line, kAccepted, record);
}

void write_rejected_line(std::string& line, std::string_view text) {
  write_line(line, kRejected, text);
}

std::optional<std::string> answer_line(const Answer& answer) {
  std::string line;
  switch (answer.kind) {
    case Answer::Kind::accepted: write_accepted_line(line, answer.text); return line;
    case Answer::Kind::rejected: write_rejected_line(line, answer.text); return line;
    case Answer::Kind::protocol_error: return answer.text;
    case Answer::Kind::crash:
    case Answer::Kind::timeout:
    case Answer::Kind::not_run: return std::nullopt;
  }
  return std::nullopt;
}

std::string_view answer_kind_name(Answer::Kind kind) noexcept {
  switch (kind) {
    case Answer::Kind::accepted: return "accepted";
    case Answer::Kind::rejected: return "rejected";
    case Answer::Kind::crash: return "crash";
    case Answer::Kind::timeout: return "timeout";
    case Answer::Kind::protocol_error: return "protocol error";
    case Answer::Kind::not_run: return "not run";
  }
  return "unknown";
}

}  // namespace xfen::certify
