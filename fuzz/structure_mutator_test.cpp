// Unit test of the structure-aware mutator (fuzz/structure_mutator.hpp), without libFuzzer: the
// byte mutator is a deterministic stand-in. Checks that the mutator is deterministic, never
// exceeds the size it is given, and that chains of its mutations, started from a few records,
// reach each kind of record it was written for (strictly valid ones of both widths with prefixes,
// inner-rook rights and written en passant squares; lenient-only ones; and every error a field
// edit can cause).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "structure_mutator.hpp"
#include "xfen/xfen.hpp"

namespace {

using namespace xfen;

// Deterministic stand-in for LLVMFuzzerMutate: flips the case of one byte, or appends one.
std::size_t fake_byte_mutator(std::uint8_t* data, std::size_t size, std::size_t max_size) {
  if (size < max_size && size % 3 == 0) {
    data[size] = static_cast<std::uint8_t>('1' + size % 9);
    return size + 1;
  }
  if (size > 0) data[size / 2] = static_cast<std::uint8_t>(data[size / 2] ^ 0x20u);
  return size;
}

int failures = 0;

void expect(bool condition, const std::string& what) {
  if (condition) return;
  std::fprintf(stderr, "FAILED: %s\n", what.c_str());
  ++failures;
}

std::string mutated(std::string_view input, std::size_t max_size, unsigned int seed) {
  std::vector<std::uint8_t> buffer(std::max(max_size, input.size()));
  std::memcpy(buffer.data(), input.data(), input.size());
  const std::size_t size =
      fuzz::mutate_structure(buffer.data(), input.size(), max_size, seed, &fake_byte_mutator);
  expect(size <= max_size, "mutate_structure stays within max_size " + std::to_string(max_size) +
                               " (got " + std::to_string(size) + ")");
  return std::string(reinterpret_cast<const char*>(buffer.data()), std::min(size, max_size));
}

const std::vector<std::string> kSeeds = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
    "not a record at all",
    "",
};

void determinism_and_size() {
  const std::size_t max_sizes[] = {1, 8, 30, 56, 64, 80, 130, 400};
  for (const std::string& seed_record : kSeeds)
    for (const std::size_t max_size : max_sizes) {
      if (seed_record.size() > max_size) continue;
      for (unsigned int seed = 0; seed < 300; ++seed)
        expect(mutated(seed_record, max_size, seed) == mutated(seed_record, max_size, seed),
               "same seed, same result");
    }
  // Cross-over: deterministic, within its limit, zero when nothing fits.
  const std::string a = kSeeds[0], b = kSeeds[1];
  for (unsigned int seed = 0; seed < 300; ++seed)
    for (const std::size_t max_size : {std::size_t{4}, std::size_t{60}, std::size_t{200}}) {
      std::array<std::uint8_t, 200> out1{}, out2{};
      const auto* pa = reinterpret_cast<const std::uint8_t*>(a.data());
      const auto* pb = reinterpret_cast<const std::uint8_t*>(b.data());
      const std::size_t n1 = fuzz::cross_over_structure(pa, a.size(), pb, b.size(), out1.data(), max_size, seed);
      const std::size_t n2 = fuzz::cross_over_structure(pa, a.size(), pb, b.size(), out2.data(), max_size, seed);
      expect(n1 <= max_size, "cross-over stays within its limit");
      expect(n1 == n2 && out1 == out2, "cross-over is deterministic");
    }
}

bool has_inner_rook_right(const Position& position) {
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const std::optional<int> file = position.castling.rook_file(color, side);
      if (file && outermost_rook_file(position, color, side) != file) return true;
    }
  return false;
}

void reach() {
  std::set<std::string> strict_codes, lenient_warnings;
  bool ten_files = false, prefix_s = false, prefix_m = false, inner_rook = false,
       en_passant_written = false, shredder_letters = false;
  std::size_t unchanged = 0, total = 0;
  std::vector<std::string> pool(kSeeds.begin(), kSeeds.end());
  unsigned int seed = 12345;
  for (int step = 0; step < 60000; ++step) {
    const std::string& parent = pool[(seed * 2654435761u) % pool.size()];
    const std::string child = mutated(parent, 160, seed++);
    ++total;
    if (child == parent) ++unchanged;
    const ParseResult strict = parse(child);
    strict_codes.insert(std::string(code_name(strict.error.code)));
    if (strict) {
      const Position& position = strict.position;
      ten_files |= position.width == 10;
      prefix_s |= position.castling.mode == CastlingMode::symmetric;
      prefix_m |= position.castling.mode == CastlingMode::modern;
      inner_rook |= has_inner_rook_right(position);
      en_passant_written |= xfen_en_passant(position).has_value();
      const std::string_view castling_field = [&] {
        std::size_t first = child.find(' ');
        first = child.find(' ', first + 1);
        return std::string_view(child).substr(first + 1, child.find(' ', first + 1) - first - 1);
      }();
      shredder_letters |= castling_field.find_first_of("ABCDEFGHIJ") != std::string_view::npos;
    } else {
      const ParseResult lenient = parse(child, {.profile = Profile::lenient});
      if (lenient)
        for (const Diagnostic& warning : lenient.warnings)
          lenient_warnings.insert(std::string(code_name(warning.code)));
    }
    // Keep a bounded pool of what the strict or the lenient parser reads, plus some rejects.
    if (strict || step % 7 == 0) {
      if (pool.size() < 400)
        pool.push_back(child);
      else
        pool[seed % pool.size()] = child;
    }
  }
  expect(unchanged * 20 < total, "fewer than 5% of mutations leave the input unchanged (" +
                            std::to_string(unchanged) + " of " + std::to_string(total) + ")");
  expect(ten_files, "reaches a strictly valid 10x8 record");
  expect(prefix_s, "reaches a strictly valid record with the s prefix");
  expect(prefix_m, "reaches a strictly valid record with the m prefix");
  expect(inner_rook, "reaches a strictly valid record with an inner-rook right");
  expect(en_passant_written, "reaches a strictly valid record whose en passant square is written");
  expect(shredder_letters, "reaches a strictly valid record with file-letter castling tokens");
  for (const char* code :
       {"ok", "record.separator", "record.whitespace", "record.missing-field", "record.extra-field",
        "board.bad-char", "board.bad-count", "board.rank-count", "board.width", "board.rank-width",
        "side.invalid", "castling.bad-char", "castling.file-off-board", "castling.empty-prefix",
        "castling.no-king", "castling.no-rook", "castling.duplicate", "castling.same-side",
        "en-passant.syntax", "en-passant.off-board", "en-passant.wrong-rank", "en-passant.no-pawn",
        "en-passant.occupied", "halfmove.syntax", "halfmove.range", "fullmove.syntax",
        "fullmove.range"})
    expect(strict_codes.count(code) == 1, std::string("strict parse reaches ") + code);
  for (const char* code : {"record.separator", "record.whitespace", "record.missing-field",
                           "board.bad-count", "fullmove.range", "castling.no-rook",
                           "castling.duplicate", "en-passant.no-pawn"})
    expect(lenient_warnings.count(code) == 1, std::string("lenient parse warns ") + code);
}

}  // namespace

int main() {
  determinism_and_size();
  reach();
  if (failures == 0) std::printf("structure_mutator_test: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
