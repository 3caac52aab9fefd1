#include "certify/grade/reference_answer.hpp"

#include <array>
#include <string_view>

#include <xfen/message.hpp>

#include "certify/run/protocol.hpp"
#include "io/parse_line.hpp"

namespace xfen::certify {

namespace {

// "error <code> <message>": message() shows every byte that is not printable ASCII as \xNN, so
// the answer stays one line.
void answer_error(const xfen::Diagnostic& error, std::string_view record, std::string& answer) {
  std::string text(xfen::code_name(error.code));
  text += ' ';
  text += xfen::message(error, record);
  write_rejected_line(answer, text);
}

}  // namespace

void reference_answer(const io::Line& line, const AdapterOptions& options, std::string& answer) {
  const xfen::ParseResult result = io::parse_line(line, options.parse);
  if (!result.ok()) return answer_error(result.error, line.text, answer);
  std::array<char, xfen::kMaxRecordSize> record{};
  const xfen::WriteResult written = xfen::write(result.position, record, options.write);
  if (!written.ok()) return answer_error(written.error, line.text, answer);
  write_accepted_line(answer, std::string_view(record.data(), written.size));
}

}  // namespace xfen::certify
