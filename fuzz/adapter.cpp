// Fuzz target `adapter`: byte streams through the command's line reader and the adapter protocol
// (R11.1, R11.5), in memory, the stream cut into reads of sizes chosen by the input.
// Input: byte 0 picks the options (profile, castling style, en passant style), byte 1 how the
// stream is cut into reads (see ChunkedSource), the rest is the stream.
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang":
//   - the reader gives exactly the lines of a trivial reference splitter (split at "\n", a "\r"
//     before it dropped, a last piece without "\n" a line when not empty), in order, the same
//     bytes, a line of more than 4096 bytes flagged too long instead;
//   - exactly one answer per line, "ok " or "error " then no "\n" nor "\r";
//   - the answer is what xfen::parse and xfen::write give for the line: "ok <record>" when both
//     succeed, else "error <code> " with the failing step's code; input.too-long for a long line;
//   - bounded memory: the reader's buffer never grows, however long the lines.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "certify/grade/reference_answer.hpp"
#include "io/byte_stream.hpp"
#include "fuzz_support.hpp"
#include "io/line_reader.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "adapter";

// Hands out `stream` in reads cut as `pattern` says: at most 2^(pattern & 15) bytes each (2^15
// is more than the reader ever asks for), exactly that many when pattern & 0x20, else a
// pseudo-random number from 1; when pattern & 0x10, a read also ends after each "\r", so that
// "\r\n" falls across two reads.
class ChunkedSource final : public io::ByteSource {
 public:
  ChunkedSource(std::string_view stream, std::uint8_t pattern) noexcept
      : stream_(stream),
        limit_(std::size_t{1} << (pattern & 15)),
        fixed_((pattern & 0x20) != 0),
        cut_after_cr_((pattern & 0x10) != 0),
        state_(0x9e3779b9u * (pattern + 1u) | 1u) {}

  std::size_t read(std::span<char> into) override {
    std::size_t size = std::min({into.size(), next_chunk(), stream_.size()});
    if (const std::size_t cr = stream_.substr(0, size).find('\r');
        cut_after_cr_ && cr != std::string_view::npos)
      size = cr + 1;
    if (size > 0) std::memcpy(into.data(), stream_.data(), size);
    stream_.remove_prefix(size);
    return size;
  }
  int error() const noexcept override { return 0; }

 private:
  std::size_t next_chunk() noexcept {
    if (fixed_) return limit_;
    state_ ^= state_ << 13;  // xorshift32
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return 1 + state_ % limit_;
  }

  std::string_view stream_;
  std::size_t limit_;
  bool fixed_;
  bool cut_after_cr_;
  std::uint32_t state_;
};

// The reference for R11.1, as plain as it gets.
class ReferenceSplitter {
 public:
  explicit ReferenceSplitter(std::string_view stream) noexcept : rest_(stream) {}

  std::optional<std::string_view> next() noexcept {
    if (rest_.empty()) return std::nullopt;
    const std::size_t newline = rest_.find('\n');
    if (newline == std::string_view::npos) return std::exchange(rest_, std::string_view{});
    std::string_view line = rest_.substr(0, newline);
    if (line.ends_with('\r')) line.remove_suffix(1);
    rest_.remove_prefix(newline + 1);
    return line;
  }

 private:
  std::string_view rest_;
};

// What the answer to `line` must be: the whole answer when `exact`, else how it must start.
struct Expected {
  std::string text;
  bool exact = false;
};

std::string error_prefix(Code code) { return "error " + std::string(code_name(code)) + " "; }

Expected expected_answer(std::string_view line, const certify::AdapterOptions& options) {
  if (line.size() > io::kMaxLineLength) return {error_prefix(Code::input_too_long)};
  const ParseResult read = parse(line, options.parse);
  if (!read) return {error_prefix(read.error.code)};
  std::array<char, kMaxRecordSize> record{};
  const WriteResult written = write(read.position, record, options.write);
  if (!written) return {error_prefix(written.error.code)};
  return {"ok " + std::string(record.data(), written.size), true};
}

std::string describe_line(std::uint64_t number, bool too_long, std::string_view text) {
  return "line " + std::to_string(number) + (too_long ? " too long" : ": " + std::string(text));
}

certify::AdapterOptions options_from(std::uint8_t choice) noexcept {
  certify::AdapterOptions options;
  options.parse.profile = (choice & 1) != 0 ? Profile::lenient : Profile::strict;
  options.write.castling = fuzz::kCastlingStyles[(choice >> 1) % std::size(fuzz::kCastlingStyles)];
  options.write.en_passant =
      fuzz::kEnPassantStyles[(choice >> 3) % std::size(fuzz::kEnPassantStyles)];
  return options;
}

void check_answer(std::string_view input, std::uint64_t number, std::string_view answer,
                  const Expected& expected) {
  const auto broken = [&](std::string_view law, std::string_view wanted) {
    fuzz::law_broken(kTarget, std::string(law) + " (line " + std::to_string(number) + ")", input,
                     wanted, answer);
  };
  if (!answer.starts_with("ok ") && !answer.starts_with("error "))
    broken("an answer starts with \"ok \" or \"error \"", "ok ... or error ...");
  if (answer.find_first_of("\r\n") != std::string_view::npos)
    broken("an answer is one line", "no \\r nor \\n");
  if (expected.exact ? answer != expected.text : !answer.starts_with(expected.text))
    broken("the answer is what parse and write give",
           expected.text + (expected.exact ? "" : "..."));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string_view input = fuzz::as_text(data, size);
  const std::string_view stream = input.substr(2);
  const certify::AdapterOptions options = options_from(data[0]);

  ChunkedSource source(stream, data[1]);
  io::LineReader reader(source, 0);  // the smallest buffer: long lines cross many refills
  const std::size_t capacity = reader.capacity();
  ReferenceSplitter reference(stream);
  std::string answer;

  io::Line line;
  for (std::uint64_t number = 1;; ++number) {
    const bool got = reader.next(line);
    if (reader.capacity() != capacity)
      fuzz::law_broken(kTarget, "the reader's buffer never grows", input,
                       std::to_string(capacity), std::to_string(reader.capacity()));
    const std::optional<std::string_view> want = reference.next();
    if (got != want.has_value())
      fuzz::law_broken(kTarget, "one line read per reference line", input,
                       want ? "line " + std::to_string(number) : "end of input",
                       got ? "line " + std::to_string(number) : "end of input");
    if (!got) break;

    const bool too_long = want->size() > io::kMaxLineLength;
    if (line.number != number || line.too_long != too_long ||
        (!too_long && line.text != *want))
      fuzz::law_broken(kTarget, "the reader gives the reference line", input,
                       describe_line(number, too_long, *want),
                       describe_line(line.number, line.too_long, line.text));

    certify::reference_answer(line, options, answer);
    check_answer(input, number, answer, expected_answer(*want, options));
  }
  if (reader.error() != 0)
    fuzz::law_broken(kTarget, "a source without error leaves the reader without error", input,
                     "0", std::to_string(reader.error()));
  return 0;
}
