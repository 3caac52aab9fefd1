#include "adapter_protocol.hpp"

#include <array>
#include <string_view>

#include <xfen/message.hpp>

#include "parse_line.hpp"

namespace xfen::cli {

namespace {

void answer_error(const xfen::Diagnostic& error, std::string_view record, std::string& answer) {
  answer = "error ";
  answer += xfen::code_name(error.code);
  answer += ' ';
  // message() shows every byte that is not printable ASCII as \xNN, so the answer stays one line.
  answer += xfen::message(error, record);
}

}  // namespace

void answer_line(const Line& line, const AdapterOptions& options, std::string& answer) {
  const xfen::ParseResult result = parse_line(line, options.parse);
  if (!result.ok()) return answer_error(result.error, line.text, answer);
  std::array<char, xfen::kMaxRecordSize> record{};
  const xfen::WriteResult written = xfen::write(result.position, record, options.write);
  if (!written.ok()) return answer_error(written.error, line.text, answer);
  answer = "ok ";
  answer.append(record.data(), written.size);
}

}  // namespace xfen::cli
