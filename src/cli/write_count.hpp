// "1 record", "3 records": a count and its noun, the way every summary of the command writes
// them.
#pragma once

#include <cstdint>
#include <string_view>

#include "io/output_buffer.hpp"

namespace xfen::cli {

inline void write_count(io::OutputBuffer& out, std::uint64_t count, std::string_view noun) {
  out.write_number(count);
  out.write(" ");
  out.write(noun);
  if (count != 1) out.write("s");
}

}  // namespace xfen::cli
