// certify's --skip-file: the cases an implementation is known to fail, one id or glob per line.
// A line that names no case of the suite is an error, not a silent no-op: skip lists rot by
// keeping ids that were renamed or mistyped.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_output.hpp"
#include "conformance/suite_loader.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct SkipPattern {
  std::string pattern;  // an id, or a glob (shell-style * and ?)
  std::uint64_t line = 0;
};

// The patterns of the file ('#' starts a comment; blank lines are ignored; "-" is stdin), or
// nothing when it cannot be read or holds a line too long to name a case (reported on
// `output.errors`).
std::optional<std::vector<SkipPattern>> read_skip_list(const std::filesystem::path& file,
                                                       io::ByteSource& standard_input,
                                                       CommandOutput& output);

// Writes "xfen: FILE:LINE: …" on `output.errors` for each pattern that names no case of `suite`
// (with the nearest ids); true when every pattern names some case.
bool every_pattern_names_a_case(const std::filesystem::path& file, const std::vector<SkipPattern>& patterns,
                                const conformance::Suite& suite, CommandOutput& output);

}  // namespace xfen::cli
