// Why an answer that writes the expected position in a known spelling fails: the field it spells
// otherwise than the declared spelling (or X-FEN's, where none is declared), what that spelling
// writes there and why, and which spelling the answer's field is. "en passant: declared ep-legal
// drops e3 here (no capture on it is legal: the capturer on d4 would leave its king in check);
// answered e3, as X-FEN's spelling writes it".
#pragma once

#include <string>

#include <xfen/position.hpp>
#include <xfen/write.hpp>

namespace xfen::certify {

// `declared`: the style the answer is held to (X-FEN's when nothing is declared, `is_declared`
// false); `answered`: the known style that writes the answer's record. Both write `position`.
std::string spelling_mismatch(const Position& position, const WriteOptions& declared, bool is_declared,
                              const WriteOptions& answered);

// The field `index` (0-based, as the record's spaces split it) of `position` written in `style`;
// empty when the style cannot write the position (classic letters for an inner rook).
std::string written_field_of(const Position& position, const WriteOptions& style, std::size_t index);

}  // namespace xfen::certify
