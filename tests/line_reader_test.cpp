// The line reader (src/io/line_reader.cpp) against a split written here the obvious way: lines of
// every length up to past two of its 16-byte search windows, ended by "\n" or "\r\n", with "\r"
// and other bytes inside, lines at and past the length limit, and a last line without "\n"; read
// through the smallest buffer from a source that hands out a few bytes at a time or all at once,
// so that lines cross every refill of the buffer and end at every place in a window.
#define BOOST_TEST_MODULE line_reader
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/line_reader.hpp"

namespace {

using xfen::io::kMaxLineLength;

// Hands out at most `chunk` bytes a read, as a pipe may.
class ChunkedSource final : public xfen::io::ByteSource {
 public:
  ChunkedSource(std::string_view bytes, std::size_t chunk) noexcept
      : bytes_(bytes), chunk_(chunk) {}
  std::size_t read(std::span<char> into) override {
    const std::size_t size = std::min({into.size(), bytes_.size(), chunk_});
    std::copy_n(bytes_.data(), size, into.data());
    bytes_.remove_prefix(size);
    return size;
  }
  int error() const noexcept override { return 0; }

 private:
  std::string_view bytes_;
  std::size_t chunk_;
};

struct ExpectedLine {
  std::string text;
  bool too_long = false;
};

// The input, and the lines a reader must give for it.
struct Input {
  std::string bytes;
  std::vector<ExpectedLine> lines;

  void add(std::string text, bool crlf) {
    bytes += text;
    bytes += crlf ? "\r\n" : "\n";
    const bool too_long = text.size() > kMaxLineLength;
    lines.push_back({too_long ? std::string() : text, too_long});
  }
};

std::string line_of(std::size_t length, std::size_t seed) {
  std::string text;
  for (std::size_t i = 0; i < length; ++i)
    text += "abc/ 12\r\t"[(i * 7 + seed) % 9];  // a "\r" inside a line stays in it
  if (!text.empty() && text.back() == '\r') text.back() = 'x';  // else "\r\n" would end it
  return text;
}

Input make_input() {
  Input input;
  for (std::size_t length = 0; length <= 70; ++length)
    for (const bool crlf : {false, true}) input.add(line_of(length, length), crlf);
  for (const std::size_t length : {kMaxLineLength - 1, kMaxLineLength, kMaxLineLength + 1,
                                   3 * kMaxLineLength})
    for (const bool crlf : {false, true}) input.add(line_of(length, length), crlf);
  for (std::size_t length = 0; length <= 40; ++length) input.add(line_of(length, 3), false);
  // The last line without "\n"; a lone "\r" at its end is not a terminator.
  input.bytes += "last\r";
  input.lines.push_back({"last\r", false});
  return input;
}

}  // namespace

BOOST_AUTO_TEST_CASE(lines_of_every_length_through_every_refill) {
  const Input input = make_input();
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{15}, std::size_t{16},
                                  std::size_t{17}, std::size_t{4099}, input.bytes.size()}) {
    ChunkedSource source(input.bytes, chunk);
    xfen::io::LineReader reader(source, 0);  // raised to the smallest buffer
    std::size_t count = 0;
    std::size_t wrong = 0;
    for (xfen::io::Line line; reader.next(line); ++count) {
      const bool same = count < input.lines.size() && line.number == count + 1 &&
                        line.text == input.lines[count].text &&
                        line.too_long == input.lines[count].too_long;
      if (!same && ++wrong <= 3)
        BOOST_ERROR("chunks of " << chunk << ": line " << count + 1 << " read as \""
                                 << line.text.substr(0, 80) << "\" (" << line.text.size()
                                 << " bytes" << (line.too_long ? ", too long" : "") << ")");
    }
    BOOST_TEST(count == input.lines.size(), "chunks of " << chunk);
    BOOST_TEST(wrong == 0U, "chunks of " << chunk);
    BOOST_TEST(reader.error() == 0);
  }
}
