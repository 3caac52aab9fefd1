// What xfen itself answers to one line of input as an implementation under test (`xfen adapter`,
// R11.5): the reference answer, apart from how the line arrives and where the answer goes, so
// that the fuzzer can drive it in memory.
#pragma once

#include <string>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "io/line_reader.hpp"

namespace xfen::certify {

struct AdapterOptions {
  xfen::ParseOptions parse{};
  xfen::WriteOptions write{};
};

// Replaces the contents of `answer` with the answer to `line`, without its "\n":
// "ok <canonical record>" or "error <code> <message>", one line whatever the input bytes.
// Reuses the capacity of `answer`, so a valid record costs no allocation once it is large enough.
void reference_answer(const io::Line& line, const AdapterOptions& options, std::string& answer);

}  // namespace xfen::certify
