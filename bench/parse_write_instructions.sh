#!/usr/bin/env bash
# Instruction counts of parsing and writing the benchmark corpus, under valgrind's callgrind:
# repeatable where wall time is not (a shared machine, frequency scaling). A small driver, built
# here against a build tree's libxfen.a, reads corpus/positions/mixed.xfen once untimed, then
# parses every record, writes every position parsed, and checks the legality of each
# (check_legality: the board scans and attack probes); each in its own function, whose inclusive
# instruction count (Ir) is printed in total and per record, and the board scan's share of the
# parse.
#
#   bench/parse_write_instructions.sh [BUILD_DIR]     (default: build, the default preset's)
#
# BUILD_DIR must hold a Release build of the library (src/libxfen.a, include/xfen/export.hpp).
# CXX (default g++) compiles the driver with -O2; the library keeps its build's flags.
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "${1:-$source_dir/build}" && pwd)
cxx=${CXX:-g++}
library="$build_dir/src/libxfen.a"
[[ -f "$library" ]] || { echo "no $library: build the xfen target first" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/driver.cpp" <<'EOF'
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "record_lines.hpp"
#include "xfen/xfen.hpp"

// Each stage is a function of its own, kept out of line, so that callgrind names its cost.
extern "C" __attribute__((noinline)) std::size_t xfen_parse_all(
    const std::vector<std::string>& lines, std::vector<xfen::Position>& positions) {
  std::size_t accepted = 0;
  for (const std::string& line : lines) {
    const xfen::ParseResult result = xfen::parse(line);
    positions[accepted] = result.position;
    accepted += result.ok();
  }
  return accepted;
}

extern "C" __attribute__((noinline)) std::size_t xfen_write_all(
    const std::vector<xfen::Position>& positions, std::size_t count) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < count; ++i) bytes += xfen::write(positions[i], buffer).size;
  return bytes;
}

extern "C" __attribute__((noinline)) std::size_t xfen_legality_all(
    const std::vector<xfen::Position>& positions, std::size_t count) {
  std::size_t legal = 0;
  for (std::size_t i = 0; i < count; ++i) legal += xfen::check_legality(positions[i]).ok();
  return legal;
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::vector<std::string> lines = read_record_lines(argv[1]);
  std::vector<xfen::Position> positions(lines.size());
  const std::size_t accepted = xfen_parse_all(lines, positions);
  const std::size_t bytes = xfen_write_all(positions, accepted);
  const std::size_t legal = xfen_legality_all(positions, accepted);
  std::printf("records %zu accepted %zu written_bytes %zu legal %zu\n", lines.size(), accepted,
              bytes, legal);
  return accepted == 0 ? 1 : 0;
}
EOF

"$cxx" -std=c++20 -O2 -DNDEBUG -I "$source_dir/bench" -I "$source_dir/include" \
  -I "$build_dir/include" \
  "$work/driver.cpp" "$library" -o "$work/driver"

corpus="$source_dir/corpus/positions/mixed.xfen"
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
  "$work/driver" "$corpus" 2>"$work/valgrind.log" >"$work/driver.out" ||
  { cat "$work/valgrind.log" >&2; exit 1; }
cat "$work/driver.out"
records=$(awk '{print $4}' "$work/driver.out")

callgrind_annotate --inclusive=yes "$work/callgrind.out" >"$work/annotate.txt"
for stage in xfen_parse_all xfen_write_all xfen_legality_all; do
  # A line of the report: "27,467,939 (33.71%)  ???:xfen_parse_all [/tmp/.../driver]".
  ir=$(awk -v name=":$stage" 'index($0, name " ") { gsub(",", "", $1); print $1; exit }' \
         "$work/annotate.txt")
  [[ -n "$ir" ]] || { echo "no count for $stage in callgrind's report" >&2; exit 1; }
  awk -v stage="$stage" -v ir="$ir" -v n="$records" \
    'BEGIN { printf "%-18s Ir %12d  per record %8.1f\n", stage, ir, ir / n }'
done
# The board field's share of the parse: detail::scan_board, the fast path every accepted board
# takes (its line in the report names the binary; the lines that do not are inlined parts of it).
ir=$(awk 'index($0, "xfen::detail::scan_board(") && index($0, " [") {
           gsub(",", "", $1); print $1; exit }' \
       "$work/annotate.txt")
[[ -n "$ir" ]] || { echo "no count for detail::scan_board in callgrind's report" >&2; exit 1; }
awk -v ir="$ir" -v n="$records" \
  'BEGIN { printf "%-18s Ir %12d  per record %8.1f\n", "  of which board", ir, ir / n }'
