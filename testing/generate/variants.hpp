// Textual variants of one record: the same position spelled another way. Shredder letters,
// castling tokens shuffled (each outermost rook as K/Q or as its file letter), a plain-FEN en
// passant square that X-FEN would not write, and extra spaces and tabs around and between the
// fields (which only the lenient profile reads).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "generate/choices.hpp"
#include "xfen/position.hpp"

namespace xfen::generate {

enum class VariantKind : std::uint8_t {
  shredder,          // castling as file letters
  shuffled,          // castling tokens in another order, each outermost rook as K/Q or its letter
  plain_en_passant,  // an en passant square with no capturer (plain FEN after a double push)
  lenient_spacing,   // white space around and between fields: lenient only
};
inline constexpr int kVariantKinds = 4;

struct Variant {
  Position position;      // what every spelling reads as
  std::string canonical;  // the canonical record
  std::string text;       // the variant spelling
  VariantKind kind{};
};

std::ostream& operator<<(std::ostream& os, const Variant& variant);

Variant variant(Choices& choices);

// The space-separated fields of a record, and back.
std::vector<std::string> split_fields(const std::string& record);
std::string join_fields(const std::vector<std::string>& fields);

}  // namespace xfen::generate
