// The record generator of generative certification (`xfen certify --generate`, issue 25): one
// X-FEN record text to send to a program under test, drawn from Choices, so that the tape driver
// (tape.hpp) replays it from its tape and shrinks it to a simplest record that still makes the
// program disagree with xfen.
//
//   auto failing = generate::generate(records_for(RecordProfile::chess960), seed);
//   send(failing.value.text);
//   auto minimal = generate::shrink(records_for(RecordProfile::chess960), failing.tape, disagrees);
//
// A record is made in three steps, each from the choices:
// 1. a position of one family of positions.hpp (arbitrary, castling, start, en passant), fitted to
//    the profile, sometimes with a promoted archbishop or chancellor, sometimes with counters over
//    their whole range (0, small, large, 2^31-1); valid, and legal or not;
// 2. written canonically or in another spelling the conformance suite knows: Shredder castling
//    letters, classic KQkq (where it can say the rights; otherwise canonical letters), the en
//    passant square always written or only when a capture is legal;
// 3. left as it is, or mutated (record_mutations.hpp): a byte, a token or a field changed.
// All choices 0 give the simplest record: an empty board, canonical, unmutated
// ("8/8/8/8/8/8/8/8 w - - 0 1", or its 10×8 twin in the 10×8 profile).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "generate/choices.hpp"
#include "generate/record_mutations.hpp"
#include "xfen/position.hpp"
#include "xfen/write.hpp"

namespace xfen::generate {

// Which records a program under test is sent: the boards and features it claims to read.
enum class RecordProfile : std::uint8_t {
  all,              // "all": everything below, on 8×8 and 10×8 boards
  chess_8x8,        // "8x8": 8×8, no archbishop or chancellor, castling only king e, rooks a/h, no prefix
  chess960,         // "chess960": 8×8, no archbishop or chancellor, any castling (inner rooks), no prefix
  capablanca_10x8,  // "10x8": 10×8 with archbishops and chancellors, any castling, `s`/`m` prefixes
};
inline constexpr int kRecordProfiles = 4;

// The names above, as `--profile` spells them, and back (nothing for any other name).
std::string_view record_profile_name(RecordProfile profile) noexcept;
std::optional<RecordProfile> record_profile_from_name(std::string_view name) noexcept;
std::span<const std::string_view> record_profile_names() noexcept;

// The families of positions.hpp a record's position comes from.
enum class RecordFamily : std::uint8_t { arbitrary, castling, start, en_passant };
inline constexpr int kRecordFamilies = 4;
std::string_view record_family_name(RecordFamily family) noexcept;  // "arbitrary", ... "en-passant"

// One generated record and what it is, for grouping disagreements and for reports.
struct GeneratedRecord {
  std::string text;  // the bytes to send
  // The position written, before any mutation: valid (the writer wrote it), legal or not.
  Position position;
  RecordFamily family = RecordFamily::arbitrary;
  bool legal = true;      // check_legality finds nothing in `position`
  std::string canonical;  // `position` in X-FEN's canonical writing
  // The style `spelled` is written in: xfen/xfen is canonical. A classic spelling that cannot
  // name the rights (an inner rook, a prefix) is written with X-FEN's letters, and says so here.
  WriteOptions spelling;
  std::string spelled;  // `position` in that spelling: `text` before the mutation
  Mutation mutation;    // what turned `spelled` into `text`
};

// "'TEXT' (family en-passant, 10x8, legal, castling shredder, en passant always, mutation
// byte-changed in field 3)".
std::ostream& operator<<(std::ostream& os, const GeneratedRecord& record);

// One record of `profile`, deterministic given the choices.
GeneratedRecord generated_record(Choices& choices, RecordProfile profile = RecordProfile::all);

// generated_record for one profile, as a generator for the tape driver (generate, replay, shrink).
inline std::function<GeneratedRecord(Choices&)> records_for(RecordProfile profile) {
  return [profile](Choices& choices) { return generated_record(choices, profile); };
}

}  // namespace xfen::generate
