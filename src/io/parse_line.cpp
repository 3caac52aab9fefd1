#include "io/parse_line.hpp"

#include <cstdint>

namespace xfen::io {

xfen::Diagnostic too_long_diagnostic() noexcept {
  xfen::Diagnostic diagnostic;
  diagnostic.code = xfen::Code::input_too_long;
  diagnostic.severity = xfen::Severity::error;
  diagnostic.offset = static_cast<std::uint32_t>(kMaxLineLength);
  diagnostic.limit = static_cast<std::int32_t>(kMaxLineLength);
  return diagnostic;
}

xfen::ParseResult parse_line(const Line& line, const xfen::ParseOptions& options) noexcept {
  if (!line.too_long) return xfen::parse(line.text, options);
  xfen::ParseResult result;
  result.error = too_long_diagnostic();
  return result;
}

}  // namespace xfen::io
