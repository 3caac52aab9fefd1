#include "certify/generative/board_pieces.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace xfen::certify {
namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::size_t board_end(std::string_view record) {
  const std::size_t space = record.find(' ');
  return space == std::string_view::npos ? record.size() : space;
}

// A count of empty squares being written: as it stood in the record, unless a square emptied
// here joined it, and then as the new sum.
struct EmptyRun {
  unsigned count = 0;
  std::string_view as_written;
  bool merged = false;
};

}  // namespace

std::vector<std::size_t> piece_offsets(std::string_view record) {
  std::vector<std::size_t> offsets;
  const std::size_t end = board_end(record);
  for (std::size_t i = 0; i < end; ++i)
    if (!is_digit(record[i]) && record[i] != '/') offsets.push_back(i);
  return offsets;
}

std::string with_pieces_taken_off(std::string_view record, std::span<const std::size_t> emptied) {
  const std::size_t end = board_end(record);
  std::string out;
  out.reserve(record.size());
  std::optional<EmptyRun> run;
  const auto flush = [&] {
    if (run) out += run->merged ? std::to_string(run->count) : std::string(run->as_written);
    run.reset();
  };
  for (std::size_t i = 0; i < end;) {
    const char c = record[i];
    if (is_digit(c)) {
      // "10" is one count (a 10x8 rank); any other digit stands alone.
      const std::size_t length = c == '1' && i + 1 < end && record[i + 1] == '0' ? 2 : 1;
      const unsigned value = length == 2 ? 10u : static_cast<unsigned>(c - '0');
      if (run && run->merged) {
        run->count += value;
      } else {
        flush();
        run = EmptyRun{value, record.substr(i, length), false};
      }
      i += length;
      continue;
    }
    if (c != '/' && std::binary_search(emptied.begin(), emptied.end(), i)) {
      if (!run) run = EmptyRun{};
      ++run->count;
      run->merged = true;
    } else {
      flush();
      out += c;
    }
    ++i;
  }
  flush();
  out += record.substr(end);
  return out;
}

}  // namespace xfen::certify
