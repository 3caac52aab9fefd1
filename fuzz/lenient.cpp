// Fuzz target `lenient`: arbitrary bytes through the lenient parser, against the strict one (SPEC R9).
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang":
//   - what strict reading accepts, lenient reading accepts as the same position (every field, the
//     en passant square as read included) with no warning;
//   - what lenient reading accepts with no warning, strict reading accepts (every relaxation warns);
//   - what lenient reading rejects, strict reading rejects (lenient only relaxes);
//   - what lenient reading accepts, written as X-FEN, strict reading accepts and reads back as an
//     equal position, and writing that again gives the same bytes;
//   - an error's offset lies inside the input; every warning lies inside the input
//     (offset + length <= size), is a warning, has a code from R9's table, and warnings come in
//     input order (offsets never decrease);
//   - warnings.total() >= warnings.size(), and size() is min(total(), kCapacity).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_support.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "lenient";


// The codes R9 lets a relaxation report.
bool is_relaxation_code(Code code) noexcept {
  switch (code) {
    case Code::record_separator:
    case Code::record_whitespace:
    case Code::record_missing_field:
    case Code::board_bad_count:
    case Code::fullmove_range:
    case Code::castling_no_rook:
    case Code::castling_no_king:
    case Code::castling_duplicate:
    case Code::en_passant_wrong_rank:
    case Code::en_passant_no_pawn:
    case Code::en_passant_occupied:
      return true;
    default:
      return false;
  }
}

std::string warnings_text(const DiagnosticList& warnings, std::string_view input) {
  std::string out = std::to_string(warnings.total()) + " warning(s):";
  for (const Diagnostic& warning : warnings) out += " [" + fuzz::describe(warning, input) + "]";
  return out;
}

std::string written(const Position& position) {
  const StringResult text = to_string(position, {.en_passant = EnPassantStyle::always});
  return text ? text.text : "(unwritable: " + fuzz::describe(text.error, "") + ")";
}

void check_warnings(std::string_view input, const ParseResult& lenient) {
  const DiagnosticList& warnings = lenient.warnings;
  if (warnings.total() < warnings.size() ||
      warnings.size() != std::min<std::size_t>(warnings.total(), DiagnosticList::kCapacity))
    fuzz::law_broken(kTarget, "warnings keep the first kCapacity and count them all", input,
                     "size = min(total, 8)",
                     "size " + std::to_string(warnings.size()) + ", total " +
                         std::to_string(warnings.total()));
  std::uint32_t previous = 0;
  for (const Diagnostic& warning : warnings) {
    if (warning.offset > input.size() || warning.length > input.size() - warning.offset)
      fuzz::law_broken(kTarget, "a warning lies inside the input", input,
                       "offset + length <= " + std::to_string(input.size()),
                       fuzz::describe(warning, input) + " length " + std::to_string(warning.length));
    if (warning.severity != Severity::warning || !is_relaxation_code(warning.code))
      fuzz::law_broken(kTarget, "a warning is a relaxation of R9's table", input,
                       "severity warning, an R9 code", warnings_text(warnings, input));
    if (warning.offset < previous)
      fuzz::law_broken(kTarget, "warnings come in input order", input, "non-decreasing offsets",
                       warnings_text(warnings, input));
    previous = warning.offset;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::as_text(data, size);
  const ParseResult strict = parse(input, {.profile = Profile::strict});
  const ParseResult lenient = parse(input, {.profile = Profile::lenient});

  if (!lenient) {
    if (lenient.error.offset > size)
      fuzz::law_broken(kTarget, "an error's offset lies inside the input", input,
                       "offset <= " + std::to_string(size), fuzz::describe(lenient.error, input));
    if (strict)
      fuzz::law_broken(kTarget, "what lenient reading rejects, strict reading rejects", input,
                       fuzz::describe(lenient.error, input), "strict accepts: " + written(strict.position));
    return 0;
  }

  check_warnings(input, lenient);
  if (strict && (!fuzz::same_fields(strict.position, lenient.position) || !lenient.warnings.empty()))
    fuzz::law_broken(kTarget, "what strict reading accepts, lenient reading accepts as the same position without warning",
                     input, written(strict.position) + ", no warning",
                     written(lenient.position) + ", " + warnings_text(lenient.warnings, input));
  if (!strict && lenient.warnings.empty())
    fuzz::law_broken(kTarget, "what lenient reading accepts without warning, strict reading accepts",
                     input, written(lenient.position), fuzz::describe(strict.error, input));

  std::array<char, kMaxRecordSize> record_bytes;
  const WriteResult wrote = write(lenient.position, record_bytes);
  if (!wrote)
    fuzz::law_broken(kTarget, "what lenient reading accepts can be written", input, "a record",
                     fuzz::describe(wrote.error, ""));
  const std::string_view record(record_bytes.data(), wrote.size);
  const ParseResult reread = parse(record);
  if (!reread)
    fuzz::law_broken(kTarget, "lenient reading written as X-FEN is strict X-FEN", input,
                     std::string(record), fuzz::describe(reread.error, record));
  if (!(reread.position == lenient.position))
    fuzz::law_broken(kTarget, "lenient reading written as X-FEN reads back as an equal position", input,
                     std::string(record), written(reread.position));
  std::array<char, kMaxRecordSize> again_bytes;
  const WriteResult again = write(reread.position, again_bytes);
  if (std::string_view(again_bytes.data(), again.size) != record)
    fuzz::law_broken(kTarget, "lenient reading written as X-FEN is a fixed point", input,
                     std::string(record), std::string(again_bytes.data(), again.size));
  return 0;
}
