// The NEON board writer held to the portable one, for scripts/check-aarch64.sh, which builds this
// for AArch64 and runs it under qemu-user. Without Boost, which Debian has no AArch64 cross build
// of: it prints what differs and exits non-zero. The same checks as tests/fast_path_test.cpp's
// on x86-64: every rank of both widths, then every board of the bundled corpus.
#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "board_text.hpp"
#include "cpu_features.hpp"
#include "rank_shuffle.hpp"
#include "rank_text.hpp"
#include "xfen/xfen.hpp"

namespace {

constexpr std::string_view kLetters = "PNBRQKACpnbrqkac";

int failures = 0;
void fail(const std::string& what) {
  if (++failures <= 5) std::fprintf(stderr, "%s\n", what.c_str());
}

// Every occupancy with every piece on every occupied file, the bytes past the rank all letters.
template <std::size_t Width>
std::size_t check_every_rank() {
  std::size_t checked = 0;
  for (unsigned mask = 0; mask < (1u << Width); ++mask)
    for (std::size_t letter = 0; letter < kLetters.size(); ++letter, ++checked) {
      std::array<unsigned char, 16> row;
      row.fill('X');
      std::array<xfen::Piece, Width + 1> pieces{};
      for (std::size_t file = 0; file < Width; ++file) {
        if (((mask >> file) & 1u) != 0)
          pieces[file] = xfen::Piece::from_letter(kLetters[(letter + file) % kLetters.size()]);
        row[file] = static_cast<unsigned char>(pieces[file].letter());
      }
      std::array<char, 20> portable{};
      std::array<char, 20> shuffled{};
      const char* const portable_end = xfen::detail::put_rank<Width>(portable.data(), pieces.data());
      const char* const shuffled_end =
          xfen::detail::put_rank_shuffled<Width>(shuffled.data(), row.data());
      const std::string_view expected(portable.data(),
                                      static_cast<std::size_t>(portable_end - portable.data()));
      const std::string_view found(shuffled.data(),
                                   static_cast<std::size_t>(shuffled_end - shuffled.data()));
      if (found != expected)
        fail("rank of width " + std::to_string(Width) + ": \"" + std::string(found) +
             "\", not \"" + std::string(expected) + "\"");
    }
  return checked;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: board_writer_check CORPUS\n");
    return 2;
  }
  if (!xfen::detail::has_vector_shuffle()) {
    std::fprintf(stderr, "this build has no vector board writer to check\n");
    return 1;
  }
  const std::size_t ranks = check_every_rank<8>() + check_every_rank<10>();
  std::ifstream in(argv[1]);
  std::size_t boards = 0;
  for (std::string line; std::getline(in, line); ++boards) {
    const xfen::ParseResult read = xfen::parse(line);
    if (!read.ok()) {
      fail("the corpus record \"" + line + "\" does not parse");
      continue;
    }
    std::array<char, xfen::kMaxRecordSize> portable{};
    std::array<char, xfen::kMaxRecordSize> shuffled{};
    const char* const portable_end = xfen::detail::put_board_portable(portable.data(), read.position);
    const char* const shuffled_end = xfen::detail::put_board_shuffled(shuffled.data(), read.position);
    const std::string_view board = std::string_view(line).substr(0, line.find(' '));
    if (std::string_view(portable.data(), static_cast<std::size_t>(portable_end - portable.data())) != board ||
        std::string_view(shuffled.data(), static_cast<std::size_t>(shuffled_end - shuffled.data())) != board)
      fail("the board \"" + std::string(board) + "\" is written otherwise");
  }
  if (boards == 0) fail("no records in " + std::string(argv[1]));
  if (failures != 0) {
    std::fprintf(stderr, "%d written otherwise, of %zu ranks and %zu boards\n", failures, ranks, boards);
    return 1;
  }
  std::printf("aarch64: %zu ranks and %zu boards written alike by NEON and the portable writer\n",
              ranks, boards);
  return 0;
}
