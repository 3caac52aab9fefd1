#include "cli/skip_list.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include <xfen/message.hpp>

#include "conformance/glob_match.hpp"
#include "conformance/nearest_names.hpp"
#include "io/input_files.hpp"

namespace xfen::cli {
namespace {

std::string_view trimmed(std::string_view text) {
  if (const std::size_t hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r") - begin + 1);
}

std::string where(const std::filesystem::path& file, std::uint64_t line) {
  return "xfen: " + xfen::printable(file.string()) + ":" + std::to_string(line) + ": ";
}

}  // namespace

std::optional<std::vector<SkipPattern>> read_skip_list(const std::filesystem::path& file,
                                                       io::ByteSource& standard_input,
                                                       CommandOutput& output) {
  std::vector<SkipPattern> patterns;
  bool too_long = false;
  const std::array<std::string, 1> names{file.string()};
  const io::InputSummary read = io::for_each_line(
      names, standard_input, [&output](const io::IoError& error) { output.report(error); },
      [&](std::string_view, const io::Line& line) {
        if (line.too_long) {
          output.errors.write(where(file, line.number) + "a line over " + std::to_string(io::kMaxLineLength) +
                              " bytes, which names no case\n");
          too_long = true;
          return false;
        }
        if (const std::string_view pattern = trimmed(line.text); !pattern.empty())
          patterns.push_back({std::string(pattern), line.number});
        return true;
      });
  if (read.io_error || too_long) return std::nullopt;
  return patterns;
}

bool every_pattern_names_a_case(const std::filesystem::path& file, const std::vector<SkipPattern>& patterns,
                                const conformance::Suite& suite, CommandOutput& output) {
  std::vector<std::string> ids;
  for (const conformance::Case& c : suite.cases) ids.push_back(c.id);
  bool all_name_one = true;
  for (const SkipPattern& skip : patterns) {
    if (std::any_of(ids.begin(), ids.end(),
                    [&skip](const std::string& id) { return conformance::glob_matches(skip.pattern, id); }))
      continue;
    all_name_one = false;
    const bool glob = skip.pattern.find_first_of("*?") != std::string::npos;
    std::string message = where(file, skip.line) + "'" + xfen::printable(skip.pattern) + "' " +
                          (glob ? "matches no case of the suite" : "names no case of the suite");
    if (const auto near = conformance::nearest_names(skip.pattern, ids); !near.empty())
      message += "; did you mean " + conformance::quoted_choices(near) + "?";
    output.errors.write(message + "\n");
  }
  return all_name_one;
}

}  // namespace xfen::cli
