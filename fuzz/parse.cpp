// Fuzz target `parse`: arbitrary bytes through the strict and the lenient parser.
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang" (the sanitizers and libFuzzer):
//   - an error's offset lies inside the input (at most its length: "missing field" points at the end);
//   - an accepted record, written in every dialect (classic where it can express the rights),
//     reads back strictly as the same position (with `legal` en passant: with the square that
//     style keeps), and writing that again gives the same bytes.
//
// Speed: most inputs are rejected, and on the accepted ones the work is writing and re-reading in
// nine dialects. Nothing on the way allocates (only law_broken does), and work whose outcome is
// already known by determinism is not repeated, so no law is checked less:
//   - the lenient reading is written in the dialects only when its position differs in any field
//     from the strict one (the same fields write the same bytes);
//   - a record that an earlier dialect already wrote is not parsed again: its reading is reused;
//   - the second writing is skipped when the reading is field-for-field the position written
//     (the writer is a function of those fields, so it would give the same bytes again).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_support.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "parse";
constexpr std::size_t kDialects = std::size(fuzz::kCastlingStyles) * std::size(fuzz::kEnPassantStyles);


// The nine records of one position and their readings, kept so that a record written twice
// (styles that make no difference for this position) is read once.
struct Rereads {
  std::array<std::array<char, kMaxRecordSize>, kDialects> bytes;
  std::array<std::size_t, kDialects> sizes;
  std::array<Position, kDialects> positions;
  std::size_t count = 0;

  std::string_view record(std::size_t i) const noexcept { return {bytes[i].data(), sizes[i]}; }
};

[[noreturn]] void dialect_law_broken(std::string_view law, const WriteOptions& options,
                                     std::string_view input, std::string_view expected,
                                     std::string_view actual) {
  fuzz::law_broken(kTarget, std::string(law) + " (" + fuzz::style_name(options) + ")", input,
                   expected, actual);
}

void check_dialects(std::string_view input, const Position& position, Rereads& rereads) {
  // The position a `legal` record describes: the en passant square only when a capture is legal.
  Position legal_expected = position;
  legal_expected.en_passant = legal_en_passant(position);
  rereads.count = 0;
  for (const CastlingStyle castling : fuzz::kCastlingStyles)
    for (const EnPassantStyle en_passant : fuzz::kEnPassantStyles) {
      const WriteOptions options{.castling = castling, .en_passant = en_passant};
      const std::size_t slot = rereads.count;
      auto& buffer = rereads.bytes[slot];
      const WriteResult written = write(position, buffer, options);
      if (!written) {
        const bool classic_refusal =
            castling == CastlingStyle::classic &&
            (written.error.code == Code::write_needs_file_letter ||
             written.error.code == Code::write_castling_prefix);
        if (!classic_refusal)
          dialect_law_broken("an accepted position can be written", options, input, "a record",
                             fuzz::describe(written.error, ""));
        continue;
      }
      const std::string_view record(buffer.data(), written.size);

      const Position* reread = nullptr;
      for (std::size_t i = 0; i < slot && reread == nullptr; ++i)
        if (rereads.record(i) == record) reread = &rereads.positions[i];
      if (reread == nullptr) {
        const ParseResult read = parse(record);
        if (!read)
          dialect_law_broken("what the writer writes is strict X-FEN", options, input, record,
                             fuzz::describe(read.error, record));
        rereads.sizes[slot] = written.size;
        rereads.positions[slot] = read.position;
        reread = &rereads.positions[slot];
        ++rereads.count;
      }

      const Position& expected = en_passant == EnPassantStyle::legal ? legal_expected : position;
      // Equal in every field is stricter than operator== and costs one memcmp instead of the
      // library's traced comparisons; operator== decides only when some field differs.
      if (!fuzz::same_fields(*reread, expected) && !(*reread == expected)) {
        std::array<char, kMaxRecordSize> again;
        const WriteResult canonical = write(*reread, again);
        dialect_law_broken("write then read gives an equal position", options, input, record,
                           std::string_view(again.data(), canonical.size));
      }
      if (fuzz::same_fields(*reread, position)) continue;  // writing it again: the same call as above
      std::array<char, kMaxRecordSize> second;
      const WriteResult rewritten = write(*reread, second, options);
      const std::string_view second_record(second.data(), rewritten.size);
      if (!rewritten || second_record != record)
        dialect_law_broken("writing is byte-identical the second time", options, input, record,
                           rewritten ? second_record : fuzz::describe(rewritten.error, ""));
    }
}

void check_error_offset(std::string_view input, const ParseResult& read) {
  if (read.error.offset > input.size())
    fuzz::law_broken(kTarget, "an error's offset lies inside the input", input,
                     "offset <= " + std::to_string(input.size()), fuzz::describe(read.error, input));
}

}  // namespace

// ASan's defaults, for this target only (ASAN_OPTIONS still overrides them). Nothing on the parse
// and write paths allocates, so the heap checks guard only libFuzzer's own buffers, which it
// allocates and frees on every run: with the default 256 MB quarantine each run touched fresh
// pages (page faults were 8% of the time, the process grew to 460 MB) and every allocation was
// filled with a marker byte. A 16 MB quarantine still holds a freed input copy (at most 256
// bytes) for tens of thousands of runs.
extern "C" const char* __asan_default_options() {
  return "quarantine_size_mb=16:max_malloc_fill_size=0";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Rereads rereads;  // 9 records and positions: reused, not rebuilt on every input
  const std::string_view input = fuzz::as_text(data, size);

  const ParseResult strict = parse(input, {.profile = Profile::strict});
  if (strict)
    check_dialects(input, strict.position, rereads);
  else
    check_error_offset(input, strict);

  const ParseResult lenient = parse(input, {.profile = Profile::lenient});
  if (!lenient)
    check_error_offset(input, lenient);
  else if (!strict || !fuzz::same_fields(lenient.position, strict.position))
    check_dialects(input, lenient.position, rereads);
  return 0;
}
