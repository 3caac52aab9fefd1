#include "xfen/position_hash.hpp"

#include <cstdint>

#include "xfen/en_passant.hpp"

namespace xfen {

namespace {

// FNV-1a over the bytes operator== compares, then splitmix64's finalizer. FNV-1a is simple and
// byte-oriented, so the same position hashes the same on every platform; but a multiply only
// carries a bit upwards, so after it the low bits of the hash depend on the low bits of the last
// bytes alone. Containers that take a power-of-two bucket from the low bits would then put
// positions differing in a high bit of, say, the fullmove number into one bucket; the finalizer
// spreads every bit over the whole word.
class Fnv1a {
 public:
  constexpr void add(std::uint8_t byte) noexcept {
    state_ ^= byte;
    state_ *= 0x100000001b3u;
  }
  constexpr void add(std::uint32_t word) noexcept {
    for (int shift = 0; shift < 32; shift += 8) add(static_cast<std::uint8_t>(word >> shift));
  }
  constexpr std::uint64_t finish() const noexcept {
    std::uint64_t mixed = state_;
    mixed = (mixed ^ (mixed >> 30)) * 0xbf58476d1ce4e5b9u;
    mixed = (mixed ^ (mixed >> 27)) * 0x94d049bb133111ebu;
    return mixed ^ (mixed >> 31);
  }

 private:
  std::uint64_t state_ = 0xcbf29ce484222325u;
};

// Stands for a missing en passant square or castling prefix: no square index or mode has it.
constexpr std::uint8_t kAbsent = 0xff;

}  // namespace

std::size_t hash_value(const Position& position) noexcept {
  Fnv1a hash;
  hash.add(position.width);
  // Only the board's own files: operator== looks no further.
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < position.width; ++file)
      hash.add(static_cast<std::uint8_t>(position.at(make_square(file, rank)).letter()));
  hash.add(static_cast<std::uint8_t>(position.side_to_move));
  // By rook file, as operator== compares them; the prefix only when there is a right to prefix.
  for (const auto& sides : position.castling.rook_files)
    for (const std::int8_t file : sides) hash.add(static_cast<std::uint8_t>(file));
  hash.add(position.castling.any() ? static_cast<std::uint8_t>(position.castling.mode)
                                   : kAbsent);
  // The square X-FEN writes, not the one read: e3 without a capturer hashes as `-`.
  const std::optional<Square> en_passant = xfen_en_passant(position);
  hash.add(en_passant ? static_cast<std::uint8_t>(en_passant->index()) : kAbsent);
  hash.add(position.halfmove_clock);
  hash.add(position.fullmove_number);
  return static_cast<std::size_t>(hash.finish());
}

}  // namespace xfen
