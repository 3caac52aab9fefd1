// Taking pieces off a record's board as text, for the minimiser: the piece letters of its first
// field, and the record with some of them replaced by empty squares, the empty-square counts
// around each merged ("3pP3" without p is "4P3"), so that every rank keeps its width and a
// well-formed record stays well-formed. Counts the record already had side by side ("44", an
// error) are left as they are: only the squares emptied here are merged.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xfen::certify {

// The byte offsets of the board's pieces: every byte of the first field that is neither a digit
// nor '/' (a '~' or a pocket letter counts as a piece: taking it off is as good a try).
std::vector<std::size_t> piece_offsets(std::string_view record);

// `record` with the pieces at `emptied` (offsets from piece_offsets, increasing) taken off.
std::string with_pieces_taken_off(std::string_view record, std::span<const std::size_t> emptied);

}  // namespace xfen::certify
