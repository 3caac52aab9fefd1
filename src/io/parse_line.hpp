// The one place where a line of input becomes a parse result, so that every command answers an
// over-long line the same way.
#pragma once

#include <xfen/diagnostic.hpp>
#include <xfen/parse.hpp>

#include "io/line_reader.hpp"

namespace xfen::io {

// input.too-long, placed at the first byte past the limit.
xfen::Diagnostic too_long_diagnostic() noexcept;

// xfen::parse of the line, or an input.too-long error for a line the reader did not keep.
xfen::ParseResult parse_line(const Line& line, const xfen::ParseOptions& options) noexcept;

}  // namespace xfen::io
