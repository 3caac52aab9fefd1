// Fuzz target `parse`: arbitrary bytes through the strict and the lenient parser.
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang" (the sanitizers and libFuzzer):
//   - an error's offset lies inside the input (at most its length: "missing field" points at the end);
//   - an accepted record, written in every dialect (classic where it can express the rights),
//     reads back strictly as the same position (with `legal` en passant: with the square that
//     style keeps), and writing that again gives the same bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "parse";

// The position that a record written with `options` describes: every style writes the rights as
// read; `legal` keeps the en passant square only when a capture is legal.
Position as_written(const Position& position, const WriteOptions& options) {
  Position expected = position;
  if (options.en_passant == EnPassantStyle::legal) expected.en_passant = legal_en_passant(position);
  return expected;
}

void check_dialect(std::string_view input, const Position& position, const WriteOptions& options) {
  std::array<char, kMaxRecordSize> first{};
  const WriteResult written = write(position, first, options);
  if (!written) {
    const bool classic_refusal =
        options.castling == CastlingStyle::classic &&
        (written.error.code == Code::write_needs_file_letter ||
         written.error.code == Code::write_castling_prefix);
    if (!classic_refusal)
      fuzz::law_broken(kTarget, "an accepted position can be written (" + fuzz::style_name(options) + ")",
                       input, "a record", fuzz::describe(written.error, ""));
    return;
  }
  const std::string_view record(first.data(), written.size);
  const ParseResult reread = parse(record);
  if (!reread)
    fuzz::law_broken(kTarget, "what the writer writes is strict X-FEN (" + fuzz::style_name(options) + ")",
                     input, std::string(record), fuzz::describe(reread.error, record));
  if (!(reread.position == as_written(position, options))) {
    std::array<char, kMaxRecordSize> again{};
    const WriteResult canonical = write(reread.position, again);
    fuzz::law_broken(kTarget, "write then read gives an equal position (" + fuzz::style_name(options) + ")",
                     input, std::string(record),
                     std::string(again.data(), canonical.size));
  }
  std::array<char, kMaxRecordSize> second{};
  const WriteResult rewritten = write(reread.position, second, options);
  const std::string_view second_record(second.data(), rewritten.size);
  if (!rewritten || second_record != record)
    fuzz::law_broken(kTarget, "writing is byte-identical the second time (" + fuzz::style_name(options) + ")",
                     input, std::string(record), std::string(second_record));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::as_text(data, size);
  for (const Profile profile : {Profile::strict, Profile::lenient}) {
    const ParseResult read = parse(input, {.profile = profile});
    if (!read) {
      if (read.error.offset > size)
        fuzz::law_broken(kTarget, "an error's offset lies inside the input", input,
                         "offset <= " + std::to_string(size), fuzz::describe(read.error, input));
      continue;
    }
    for (const CastlingStyle castling : fuzz::kCastlingStyles)
      for (const EnPassantStyle en_passant : fuzz::kEnPassantStyles)
        check_dialect(input, read.position, {.castling = castling, .en_passant = en_passant});
  }
  return 0;
}
