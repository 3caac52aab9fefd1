#include "answer_line.hpp"

namespace xfen::certify {

std::optional<std::string> answer_line(const Answer& answer) {
  switch (answer.kind) {
    case Answer::Kind::accepted: return "ok " + answer.text;
    case Answer::Kind::rejected: return answer.text.empty() ? "error" : "error " + answer.text;
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
