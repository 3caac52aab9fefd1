// bench/baseline_speed.sh's driver: compiled once against the baseline's library and once against
// the working tree's, so it uses only the API both have. Prints "phase nanoseconds-per-record".
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "record_lines.hpp"
#include "xfen/xfen.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Nanoseconds per record of the fastest of five passes, each repeated until it lasts 50 ms: the
// fastest pass is the one the machine disturbed least.
template <class Body>
double nanoseconds_per_record(std::size_t count, Body body) {
  double best = 1e30;
  for (int pass = 0; pass < 5; ++pass) {
    std::size_t done = 0;
    const auto start = Clock::now();
    auto elapsed = Clock::duration::zero();
    do {
      for (std::size_t i = 0; i < count; ++i) body(i);
      done += count;
      elapsed = Clock::now() - start;
    } while (elapsed < std::chrono::milliseconds(50));
    best = std::min(best, std::chrono::duration<double, std::nano>(elapsed).count() /
                              static_cast<double>(done));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::vector<std::string> all = read_record_lines(argv[1]);
  std::vector<std::string> board_8x8;
  std::vector<std::string> board_10x8;
  for (const std::string& line : all) {
    const xfen::ParseResult read = xfen::parse(line);
    if (read.ok()) (read.position.width == 8 ? board_8x8 : board_10x8).push_back(line);
  }
  std::size_t sink = 0;
  std::array<char, xfen::kMaxRecordSize> buffer{};
  const auto parse_of = [&sink](const std::vector<std::string>& records,
                                const xfen::ParseOptions& options) {
    return [&sink, &records, options](std::size_t i) {
      sink += xfen::parse(records[i], options).position.width;
    };
  };
  const auto write_after_parse_of = [&sink, &buffer](const std::vector<std::string>& records) {
    return [&sink, &buffer, &records](std::size_t i) {
      sink += xfen::write(xfen::parse(records[i]).position, buffer).size;
    };
  };
  const xfen::ParseOptions strict{};
  const xfen::ParseOptions lenient{xfen::Profile::lenient};
  const auto report = [](const char* phase, double nanoseconds) {
    std::printf("%s %.2f\n", phase, nanoseconds);
  };
  report("parse-8x8", nanoseconds_per_record(board_8x8.size(), parse_of(board_8x8, strict)));
  report("parse-10x8", nanoseconds_per_record(board_10x8.size(), parse_of(board_10x8, strict)));
  report("parse-write-8x8",
         nanoseconds_per_record(board_8x8.size(), write_after_parse_of(board_8x8)));
  report("parse-write-10x8",
         nanoseconds_per_record(board_10x8.size(), write_after_parse_of(board_10x8)));
  report("parse-all", nanoseconds_per_record(all.size(), parse_of(all, strict)));
  report("parse-lenient-all", nanoseconds_per_record(all.size(), parse_of(all, lenient)));
  report("parse-write-all", nanoseconds_per_record(all.size(), write_after_parse_of(all)));
  std::fprintf(stderr, "records: 8x8 %zu, 10x8 %zu, all %zu (%zu)\n", board_8x8.size(),
               board_10x8.size(), all.size(), sink % 2);
  return 0;
}
