// Small damage done to a record's text, for generative certification (records.hpp): one byte
// changed, inserted or deleted, one token of the board or castling field changed, one whole field
// replaced. Each edit is drawn from Choices, so the tape driver replays and shrinks it, and choice
// 0 is no edit at all. The bytes written are biased towards the ones that mean something where
// they land (digits and piece letters in the board, castling letters in the castling field, ...):
// a random byte mostly makes a record every reader rejects at once, and teaches nothing.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "generate/choices.hpp"

namespace xfen::generate {

enum class MutationKind : std::uint8_t {
  none,            // the record as written
  byte_changed,    // one byte replaced
  byte_inserted,   // one byte added
  byte_deleted,    // one byte removed
  token_changed,   // one run of the board (a count or a piece letter) or one castling letter replaced
  field_replaced,  // one whole field replaced: an interesting value or another record's field
};
inline constexpr int kMutationKinds = 6;

// "none", "byte-changed", "byte-inserted", "byte-deleted", "token-changed", "field-replaced".
std::string_view mutation_name(MutationKind kind) noexcept;

struct Mutation {
  MutationKind kind = MutationKind::none;
  int field = -1;  // the 0-based space-separated field of the record it changed; -1 for none
};

// What a mutation may write.
struct MutationLimits {
  // Whether an archbishop or chancellor letter may appear in the board field. Without them (the
  // 8×8 profiles: a program that knows no compound piece must not be sent one) any A/C the edit
  // would put into the board field becomes its bishop/rook part (a/c: b/r).
  bool compound_pieces = true;
};

// The interesting values a whole field is replaced with.
inline constexpr std::array<std::string_view, 12> kInterestingFields = {
    "-", "0", "00", "-1", "2147483648", "4294967296", "e3", "KQkq", "HAha", "w", "b", ""};

// Edits `record` (a record with space-separated fields) by one of the mutations above, or not at
// all (choice 0). `another_record` makes a record whose field may replace one of `record`'s; it is
// called only for that, and draws from the same choices. An edit that leaves the text as it was
// (a byte replaced by itself) is reported as none.
Mutation mutate(Choices& choices, std::string& record, const MutationLimits& limits,
                const std::function<std::string(Choices&)>& another_record);

}  // namespace xfen::generate
