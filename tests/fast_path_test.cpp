// The parser's and the writer's fast paths, each held to a simple reference written here rather
// than to the slow code they replace: each board scan this processor runs (src/board_scan.cpp,
// src/board_scan_vector.cpp) over every rank of both widths, boards of every length and every
// one-byte edit of some boards, the writer's rank table (src/rank_text.hpp) over every occupancy
// of a rank, and the back-rank look-ups (src/back_rank.hpp) over every back rank of kings, rooks
// and other pieces; the split of the fields after the board, a word at a time, over every length
// of what follows the board around its 16-byte window; and records that end where readable memory
// ends. The castling scan (src/castling_scan.hpp) is held to the precise reader here, over short
// fields on back ranks of kings, rooks and knights (exhaustive_castling_test holds xfen::parse, and
// so the scan, to the independent model). Each is an optimisation whose slips every other test
// would miss: a scan that declines a good board hands it to the precise reader, which reads it
// right.
#define BOOST_TEST_MODULE fast_path
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <boost/test/unit_test.hpp>
#include <cstring>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "back_rank.hpp"
#include "board_scan.hpp"
#include "board_text.hpp"
#include "castling_scan.hpp"
#include "cpu_features.hpp"
#include "../testing/board_text.hpp"
#include "../testing/escaped_bytes.hpp"
#include "parse_with.hpp"
#include "rank_shuffle.hpp"
#include "rank_text.hpp"
#include "xfen/xfen.hpp"

namespace {

using xfen::Color;
using xfen::Piece;
using xfen::PieceType;
using Board = std::array<Piece, xfen::kMaxSquares>;

// Every piece letter, so that rotating through it puts every piece on every file.
constexpr std::string_view kLetters = "PNBRQKACpnbrqkac";

// Counts the cases checked and reports the first few failures in full, so that a broken fast path
// fails with a handful of readable lines rather than thousands.
class Failures {
 public:
  template <typename Describe>
  void check(bool holds, Describe describe) {
    ++checked_;
    if (holds) return;
    if (++failed_ <= 5) BOOST_ERROR(describe());
  }
  std::size_t checked() const { return checked_; }
  std::size_t failed() const { return failed_; }

 private:
  std::size_t checked_ = 0;
  std::size_t failed_ = 0;
};

// A readable page with one that cannot be read on each side: text placed at its end ends where
// readable memory ends, and an object placed at its start begins where it begins, so that a fast
// path that loads past either faults, where inside a larger buffer it would read someone else's
// bytes unseen.
class GuardedPage {
 public:
  GuardedPage() : page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
    mapping_ = mmap(nullptr, 3 * page_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    BOOST_TEST_REQUIRE(mapping_ != MAP_FAILED);
    BOOST_TEST_REQUIRE(mprotect(readable(), page_, PROT_READ | PROT_WRITE) == 0);
  }
  GuardedPage(const GuardedPage &) = delete;
  GuardedPage &operator=(const GuardedPage &) = delete;
  ~GuardedPage() { munmap(mapping_, 3 * page_); }

  // A copy of `text` (at most a page) that ends on the page's last byte.
  std::string_view place(std::string_view text) {
    char *const at = readable() + page_ - text.size();
    std::memcpy(at, text.data(), text.size());
    return {at, text.size()};
  }

  // The page's first byte, aligned for any object that fits the page.
  void *start() { return readable(); }

 private:
  char *readable() { return static_cast<char *>(mapping_) + page_; }

  std::size_t page_;
  void *mapping_ = nullptr;
};

// ---------------------------------------------------------------------------------------------
// The board scan

// A board written by the simplest possible writer, and the squares it stands for.
struct ReferenceBoard {
  std::string text;
  Board squares{};
  std::uint8_t width = 0;
};

// `masks[i]` says which files of the i-th rank of the text (rank 8 first) hold a piece; the letters
// rotate from `letter`.
ReferenceBoard make_board(int width, const std::array<unsigned, xfen::kRanks> &masks,
                          std::size_t letter) {
  ReferenceBoard board;
  board.width = static_cast<std::uint8_t>(width);
  for (int i = 0; i < xfen::kRanks; ++i) {
    if (i != 0) board.text += '/';
    const int rank = xfen::kRanks - 1 - i;
    int empty = 0;
    for (int file = 0; file < width; ++file) {
      if (((masks[static_cast<std::size_t>(i)] >> file) & 1u) == 0) {
        ++empty;
        continue;
      }
      if (empty != 0) board.text += std::to_string(empty);
      empty = 0;
      const char c = kLetters[(letter + static_cast<std::size_t>(file + i)) % kLetters.size()];
      board.text += c;
      board.squares[xfen::make_square(file, rank).index()] = Piece::from_letter(c);
    }
    if (empty != 0) board.text += std::to_string(empty);
  }
  return board;
}

ReferenceBoard full_board(int width, std::size_t letter) {
  std::array<unsigned, xfen::kRanks> masks{};
  masks.fill((1u << width) - 1);
  return make_board(width, masks, letter);
}

std::string record_of(std::string_view board) { return std::string(board) + " w - - 0 1"; }

using Scanner = xfen::detail::BoardScanner;

xfen::detail::ScannedBoard scan(const Scanner &scanner, std::string_view text, std::size_t begin,
                                std::size_t end, Board &board) {
  return scanner.scan(text, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end),
                      board);
}

// The bytewise scan clears only the squares a board can have, not its whole scratch buffer, and
// stores only a count's first square. Scanning a board full of pieces first leaves letters
// wherever the next board has gaps, should the clearing fall short.
void leave_letters_in_the_scratch_buffer(const Scanner &scanner) {
  static const std::string full = record_of(full_board(xfen::kMaxFiles, 5).text);
  Board scratch{};
  BOOST_TEST_REQUIRE(scan(scanner, full, 0, full.size(), scratch).ok);
}

// The board between guard bytes: the scan may write the board's squares and nothing around them.
struct GuardedBoard {
  std::array<Piece, 16> before;
  Board squares{};
  std::array<Piece, 16> after;

  GuardedBoard() {
    before.fill(kGuard);
    after.fill(kGuard);
  }
  bool guards_intact() const {
    for (std::size_t at = 0; at < before.size(); ++at)
      if (before[at] != kGuard || after[at] != kGuard) return false;
    return true;
  }
  static constexpr Piece kGuard{PieceType::archbishop, Color::black};
};

void check_scan_reads(const ReferenceBoard &expected, Failures &failures) {
  for (const Scanner &scanner : xfen::detail::board_scanners()) {
    const std::string name(scanner.name);
    // As the parser calls it: the field runs to the record's end, the board to the first space.
    const std::string record = record_of(expected.text);
    leave_letters_in_the_scratch_buffer(scanner);
    GuardedBoard board;
    const auto scanned = scan(scanner, record, 0, record.size(), board.squares);
    failures.check(scanned.ok && scanned.end == expected.text.size() &&
                       scanned.width == expected.width && board.squares == expected.squares &&
                       board.guards_intact(),
                   [&] { return "the " + name + " scan misreads \"" + expected.text + "\""; });

    // A field that starts part way into the text and ends with the board, no space after it.
    const std::string framed = "x " + expected.text;
    leave_letters_in_the_scratch_buffer(scanner);
    GuardedBoard framed_board;
    const auto framed_scan = scan(scanner, framed, 2, framed.size(), framed_board.squares);
    failures.check(framed_scan.ok && framed_scan.end == framed.size() &&
                       framed_scan.width == expected.width &&
                       framed_board.squares == expected.squares && framed_board.guards_intact(),
                   [&] {
                     return "the " + name + " scan misreads \"" + expected.text + "\" at offset 2";
                   });
  }

  // The reference writer is only trusted because the precise reader reads the same.
  const std::string record = record_of(expected.text);
  const xfen::ParseResult precise =
      xfen::detail::parse_with(record, {}, xfen::detail::Readers::precise_only);
  failures.check(precise.ok() && precise.position.width == expected.width &&
                     precise.position.board == expected.squares,
                 [&] { return "the precise reader does not read \"" + expected.text + "\""; });
}

}  // namespace

// Every rank of both widths is some occupancy with some letters: `mask * (2i + 1) + i` is a
// bijection of the masks for each rank i, so each occupancy appears on each rank, next to ranks
// unlike it. That is every placement of counts: at a rank's start, after pieces, at its end, each
// count 1..width, "10" included.
BOOST_AUTO_TEST_CASE(scan_reads_every_rank_of_both_widths_as_written) {
  Failures failures;
  for (const int width : {8, 10}) {
    const unsigned masks = 1u << width;
    for (unsigned mask = 0; mask < masks; ++mask) {
      std::array<unsigned, xfen::kRanks> ranks{};
      for (unsigned i = 0; i < ranks.size(); ++i) ranks[i] = (mask * (2 * i + 1) + i) % masks;
      check_scan_reads(make_board(width, ranks, mask), failures);
    }
  }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// A board that starts with a slash has an empty first rank, and the scan finds where each rank ends
// only from the bytes it reads, so it must refuse that start rather than read the first rank's end
// from whatever its buffer held. After a board of the same width has left that width there, a
// board of one empty rank, one rank of twice the width and six of the width would fit it.
BOOST_AUTO_TEST_CASE(scan_declines_a_board_that_starts_with_a_slash) {
  for (const int width : {8, 10}) {
    const std::string count = std::to_string(width);
    std::string board = "/" + std::string(static_cast<std::size_t>(2 * width), 'p');
    for (int rank = 0; rank < 6; ++rank) board += "/" + count;
    const std::string before = record_of(full_board(width, 0).text);
    const std::string record = record_of(board);
    for (const Scanner &scanner : xfen::detail::board_scanners()) {
      Board squares{};
      BOOST_TEST_REQUIRE(scan(scanner, before, 0, before.size(), squares).ok);
      BOOST_TEST(!scan(scanner, record, 0, record.size(), squares).ok, scanner.name << ": " << board);
    }
  }
}

// Ten letters on every rank: the longest board there is (87 bytes), with every letter on every
// square; and the eight-file one.
BOOST_AUTO_TEST_CASE(scan_reads_the_longest_boards) {
  Failures failures;
  for (const int width : {8, 10})
    for (std::size_t letter = 0; letter < kLetters.size(); ++letter)
      check_scan_reads(full_board(width, letter), failures);
  BOOST_TEST(full_board(10, 0).text.size() == 87U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

namespace {

// Holds the scan to the precise reader on one board, completed to a record as the law in
// fuzz/board_scan_law.hpp does. A declined scan must say nothing (no end, no width) and leave the
// board as it was, so no caller can pick up half a board.
void check_scan_agrees(std::string_view bytes, Failures &failures) {
  const std::string record = record_of(bytes.substr(0, bytes.find(' ')));
  const xfen::ParseResult precise =
      xfen::detail::parse_with(record, {}, xfen::detail::Readers::precise_only);
  for (const Scanner &scanner : xfen::detail::board_scanners()) {
    const Piece sentinel(PieceType::chancellor, Color::black);
    Board board;
    board.fill(sentinel);
    const auto scanned = scan(scanner, record, 0, record.size(), board);
    const auto describe = [&] {
      return "\"" + xfen::testing::escaped(bytes) + "\": the " + std::string(scanner.name) +
             " scan " + (scanned.ok ? "accepts" : "declines") + " it, the precise reader " +
             (precise.ok() ? "accepts" : "rejects") + " it";
    };
    if (!scanned.ok) {
      Board untouched;
      untouched.fill(sentinel);
      failures.check(!precise.ok() && scanned.end == 0 && scanned.width == 0 && board == untouched,
                     describe);
      continue;
    }
    bool same_squares = precise.ok() && scanned.width == precise.position.width;
    for (int rank = 0; same_squares && rank < xfen::kRanks; ++rank)
      for (int file = 0; file < scanned.width; ++file) {
        const std::size_t at = xfen::make_square(file, rank).index();
        same_squares = same_squares && board[at] == precise.position.board[at];
      }
    failures.check(same_squares && scanned.end == record.find(' '), describe);
  }
}

}  // namespace

// Every one-byte edit (each byte deleted or replaced by every value, a byte inserted, neighbours
// swapped) of boards with each kind of count and the longest ones: where a well-formed board turns
// into a malformed one, a digit into two, a rank into one too short and one too long.
BOOST_AUTO_TEST_CASE(scan_agrees_with_the_precise_reader_on_every_one_byte_edit) {
  std::vector<std::string> seeds = {full_board(10, 0).text, full_board(8, 3).text,
                                    "8/8/8/8/8/8/8/8", "10/10/10/10/10/10/10/10"};
  seeds.push_back(make_board(10, {0x3ff, 0, 0x001, 0x200, 0x155, 0x2aa, 0x201, 0x1fe}, 7).text);
  seeds.push_back(make_board(8, {0xff, 0x01, 0x80, 0x55, 0xaa, 0x81, 0x7e, 0}, 11).text);
  // Inserted bytes: those a board reader tells apart (the rest are replaced, each value once).
  static constexpr char kInsertedBytes[] = "\0\t /0123456789PpKkRrAaCcXx\x7f\x80\xff";
  constexpr std::string_view kInserted(kInsertedBytes, sizeof kInsertedBytes - 1);
  Failures failures;
  for (const std::string &seed : seeds) {
    check_scan_agrees(seed, failures);
    for (std::size_t at = 0; at <= seed.size(); ++at) {
      if (at < seed.size()) check_scan_agrees(std::string(seed).erase(at, 1), failures);
      if (at + 1 < seed.size()) {
        std::string swapped = seed;
        std::swap(swapped[at], swapped[at + 1]);
        check_scan_agrees(swapped, failures);
      }
      for (const char byte : kInserted)
        check_scan_agrees(std::string(seed).insert(at, 1, byte), failures);
      for (int value = 0; at < seed.size() && value < 256; ++value)
        check_scan_agrees(std::string(seed).replace(at, 1, 1, static_cast<char>(value)), failures);
    }
  }
  BOOST_TEST(failures.checked() > 50000U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// The scans this processor runs, on one line of the test's output (scripts/test.sh quotes it):
// a machine without AVX-512 tests the bytewise scan alone, and says so.
BOOST_AUTO_TEST_CASE(board_scans_on_this_processor) {
  const auto scanners = xfen::detail::board_scanners();
  std::string names;
  for (const Scanner &scanner : scanners) names += (names.empty() ? "" : ", ") + std::string(scanner.name);
  std::cout << "board scans tested: " << names << "\n";
  BOOST_TEST(scanners.front().name == "bytewise");
  BOOST_TEST((scanners.size() == 2) == xfen::detail::has_board_vectors());
  // scan_board runs the last of them.
  const std::string record = record_of(full_board(10, 3).text);
  Board chosen{};
  Board last{};
  BOOST_TEST(xfen::detail::scan_board(record, 0, static_cast<std::uint32_t>(record.size()), chosen).ok);
  BOOST_TEST(scan(scanners.back(), record, 0, record.size(), last).ok);
  BOOST_TEST((chosen == last));
}

namespace {

// A board of `width` files whose text is `length` bytes: each rank some pieces and one count, the
// count at the rank's start, after its first piece or at its end.
ReferenceBoard board_of_length(int width, std::size_t length) {
  const std::size_t shortest = width == 10 ? 2 : 1;  // "8", or "10" and "P9"
  std::size_t left = length - (xfen::kRanks - 1);
  std::array<std::string, xfen::kRanks> shapes;  // 'P' a piece, '#' the count
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const std::size_t after = (shapes.size() - 1 - i) * shortest;  // the fewest the rest need
    const std::size_t rank_length = std::min<std::size_t>(static_cast<std::size_t>(width),
                                                          left - after);
    left -= rank_length;
    const std::size_t pieces = rank_length == static_cast<std::size_t>(width) ? rank_length
                                                                               : rank_length - 1;
    std::string shape(pieces, 'P');
    if (pieces < static_cast<std::size_t>(width))
      shape.insert((i % 3 == 0) ? 0 : (i % 3 == 1 && pieces > 0) ? 1 : pieces, 1, '#');
    shapes[i] = shape;
  }
  std::array<unsigned, xfen::kRanks> masks{};
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    int file = 0;
    for (const char c : shapes[i]) {
      if (c == 'P') {
        masks[i] |= 1u << file;
        ++file;
      } else {
        file += width - static_cast<int>(std::count(shapes[i].begin(), shapes[i].end(), 'P'));
      }
    }
  }
  return make_board(width, masks, length);
}

}  // namespace

// Boards of every length, on both sides of a vector's 64 bytes and of the vector scan's halves:
// the field ending with the board, a record after it, and the board ending where readable memory
// ends, so that a scan that loads past the field faults here.
BOOST_AUTO_TEST_CASE(scan_reads_boards_of_every_length) {
  GuardedPage page_end;
  Failures failures;
  for (const int width : {8, 10}) {
    const std::size_t shortest = width == 8 ? 15 : 23;
    const std::size_t longest = static_cast<std::size_t>(xfen::kRanks * (width + 1) - 1);
    for (std::size_t length = shortest; length <= longest; ++length) {
      const ReferenceBoard board = board_of_length(width, length);
      failures.check(board.text.size() == length, [&] {
        return "board_of_length(" + std::to_string(width) + ", " + std::to_string(length) +
               ") is \"" + board.text + "\"";
      });
      check_scan_reads(board, failures);
      for (const std::string &text : {board.text, record_of(board.text)}) {
        const std::string_view placed = page_end.place(text);
        for (const Scanner &scanner : xfen::detail::board_scanners()) {
          Board squares{};
          const auto scanned = scan(scanner, placed, 0, placed.size(), squares);
          failures.check(scanned.ok && scanned.end == length && squares == board.squares, [&] {
            return "the " + std::string(scanner.name) + " scan misreads \"" + text +
                   "\" at a page's end";
          });
        }
      }
    }
  }
  BOOST_TEST(failures.checked() > 500U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// Ranks that cover 128 or 256 squares too many, which a byte that keeps a count of squares
// confuses with the right count: a count past 255 comes back round ("9p" 26 times and a 4 covers
// 264 squares, 8 more than 256), and one of 128 more differs only in a byte's top bit, which a
// mask one bit short would drop. The vector scan keeps its counts in bytes, and must decline these
// as the precise reader does: in its halves (a half longer than four ranks can be), and in one
// vector, where no rank is long enough to wrap.
BOOST_AUTO_TEST_CASE(scan_declines_ranks_that_cover_128_or_256_squares_too_many) {
  const auto repeated = [](std::string_view text, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += text;
    return out;
  };
  const std::string wraps_to_8 = repeated("9p", 26) + "4";
  const std::string wraps_to_10 = repeated("9p", 26) + "6";
  const std::string covers_250 = repeated("9p", 25);
  const std::string eight_and_128 = repeated("9p", 13) + "6";
  const std::string ten_and_128 = repeated("9p", 13) + "8";
  const std::vector<std::string> boards = {
      "8/8/8/8/8/8/8/" + wraps_to_8,  // ranks 4 to 1 in 59 bytes
      wraps_to_8 + "/8/8/8/8/8/8/8",  // ranks 8 to 5 in 59 bytes
      wraps_to_10 + "/10/10/10/10/10/10/10",
      "10/10/10/10/10/10/10/" + wraps_to_10,
      covers_250 + "/8/8/8/8/8/8/8",  // 64 bytes: one vector
      "8/8/8/8/8/8/8/" + eight_and_128,  // one vector: the last rank's end is 192 squares
      "10/10/10/10/10/10/10/" + ten_and_128,
      "pppppppp/pppppppp/pppppppp/pppppppp/8/8/8/" + eight_and_128,  // halves: ranks 4 to 1
  };
  Failures failures;
  for (const std::string &board : boards) {
    check_scan_agrees(board, failures);
    const std::string record = record_of(board);
    for (const Scanner &scanner : xfen::detail::board_scanners()) {
      Board squares{};
      failures.check(!scan(scanner, record, 0, record.size(), squares).ok, [&] {
        return "the " + std::string(scanner.name) + " scan accepts \"" + board + "\"";
      });
    }
  }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// ---------------------------------------------------------------------------------------------
// The writer's rank text

namespace {

// The rank's X-FEN text, written the obvious way.
template <std::size_t Width>
std::string reference_rank_text(const std::array<Piece, Width> &row) {
  std::string text;
  int empty = 0;
  for (const Piece piece : row) {
    if (piece.empty()) {
      ++empty;
      continue;
    }
    if (empty != 0) text += std::to_string(empty);
    empty = 0;
    text += piece.letter();
  }
  if (empty != 0) text += std::to_string(empty);
  return text;
}

// Every occupancy, with every piece on every occupied file. put_rank stores exactly Width bytes
// (the caller's buffer has room for that much past any rank), never one more.
template <std::size_t Width>
void check_every_rank_text(Failures &failures) {
  for (unsigned mask = 0; mask < (1u << Width); ++mask)
    for (std::size_t letter = 0; letter < kLetters.size(); ++letter) {
      std::array<Piece, Width> row{};
      for (std::size_t file = 0; file < Width; ++file)
        if (((mask >> file) & 1u) != 0)
          row[file] = Piece::from_letter(kLetters[(letter + file) % kLetters.size()]);
      const std::string expected = reference_rank_text(row);
      std::array<char, Width + 4> out;
      out.fill('#');
      const char *const end = xfen::detail::put_rank<Width>(out.data(), row.data());
      bool holds = end == out.data() + expected.size() &&
                   std::string_view(out.data(), expected.size()) == expected;
      for (std::size_t at = Width; at < out.size(); ++at) holds = holds && out[at] == '#';
      failures.check(holds, [&] {
        return "put_rank<" + std::to_string(Width) + "> writes \"" +
               std::string(out.data(), Width) + "\" for \"" + expected + "\"";
      });
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(put_rank_writes_every_rank_of_both_widths) {
  Failures failures;
  check_every_rank_text<8>(failures);
  check_every_rank_text<10>(failures);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

#if defined(XFEN_SSSE3_DISPATCH) || defined(XFEN_NEON)
namespace {

// The same for the shuffle: it reads 16 bytes from the row, whatever the bytes past the rank hold
// (a letter in each, which a shuffle that picked them would write), and stores exactly 16.
template <std::size_t Width>
void check_every_rank_shuffle(Failures &failures) {
  for (unsigned mask = 0; mask < (1u << Width); ++mask)
    for (std::size_t letter = 0; letter < kLetters.size(); ++letter) {
      std::array<unsigned char, 16> row;
      row.fill('X');
      std::array<Piece, Width> pieces{};
      for (std::size_t file = 0; file < Width; ++file) {
        if (((mask >> file) & 1u) != 0)
          pieces[file] = Piece::from_letter(kLetters[(letter + file) % kLetters.size()]);
        row[file] = static_cast<unsigned char>(pieces[file].letter());
      }
      const std::string expected = reference_rank_text(pieces);
      std::array<char, 16 + 4> out;
      out.fill('#');
      const char *const end = xfen::detail::put_rank_shuffled<Width>(out.data(), row.data());
      bool holds = end == out.data() + expected.size() &&
                   std::string_view(out.data(), expected.size()) == expected;
      for (std::size_t at = expected.size(); at < 16; ++at) holds = holds && out[at] == '\0';
      for (std::size_t at = 16; at < out.size(); ++at) holds = holds && out[at] == '#';
      failures.check(holds, [&] {
        return "put_rank_shuffled<" + std::to_string(Width) + "> writes \"" +
               std::string(out.data(), 16) + "\" for \"" + expected + "\"";
      });
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(put_rank_shuffled_writes_every_rank_of_both_widths) {
  if (!xfen::detail::has_vector_shuffle()) {
    BOOST_TEST_MESSAGE("no vector byte shuffle here: the portable writer is the one taken");
    return;
  }
  Failures failures;
  check_every_rank_shuffle<8>(failures);
  check_every_rank_shuffle<10>(failures);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}
#endif

// Both board writers, on every position of the bundled corpus: the same text, the same length.
BOOST_AUTO_TEST_CASE(both_board_writers_write_every_corpus_board_alike) {
  std::ifstream in(std::string(XFEN_SOURCE_DIR) + "/corpus/positions/mixed.xfen");
  Failures failures;
  for (std::string line; std::getline(in, line);) {
    const xfen::ParseResult read = xfen::parse(line);
    BOOST_TEST_REQUIRE(read.ok(), line);
    std::array<char, xfen::kMaxRecordSize> portable{};
    std::array<char, xfen::kMaxRecordSize> vector{};
    const char *const portable_end =
        xfen::detail::put_board_portable(portable.data(), read.position);
    // Without a vector shuffle here, the portable writer is still held to the corpus.
    const char *const vector_end = xfen::detail::has_vector_shuffle()
                                       ? xfen::detail::put_board_shuffled(vector.data(), read.position)
                                       : xfen::detail::put_board_portable(vector.data(), read.position);
    const std::string_view board = std::string_view(line).substr(0, line.find(' '));
    const std::string_view written(portable.data(),
                                   static_cast<std::size_t>(portable_end - portable.data()));
    const std::string_view shuffled(vector.data(),
                                    static_cast<std::size_t>(vector_end - vector.data()));
    failures.check(written == board && shuffled == board, [&] {
      return "\"" + std::string(board) + "\" written \"" + std::string(written) + "\" and \"" +
             std::string(shuffled) + "\"";
    });
  }
  BOOST_TEST(failures.checked() == 13000U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

namespace {

// The mask indexes a table of 1 << Width patterns, so it must count every non-zero byte of the rank
// as occupied (whatever its value) and nothing past the rank, whatever follows it in memory.
template <std::size_t Width>
void check_every_occupancy(Failures &failures) {
  for (unsigned mask = 0; mask < (1u << Width); ++mask)
    for (int value = 1; value < 256; ++value) {
      std::array<std::uint8_t, Width + 8> codes;
      codes.fill(static_cast<std::uint8_t>(value));
      for (std::size_t file = 0; file < Width; ++file)
        if (((mask >> file) & 1u) == 0) codes[file] = 0;
      const unsigned found = xfen::detail::occupancy<Width>(codes.data());
      failures.check(found == mask, [&] {
        return "occupancy<" + std::to_string(Width) + "> of mask " + std::to_string(mask) +
               " with byte " + std::to_string(value) + " is " + std::to_string(found);
      });
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(occupancy_marks_exactly_the_occupied_files) {
  Failures failures;
  check_every_occupancy<8>(failures);
  check_every_occupancy<10>(failures);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// ---------------------------------------------------------------------------------------------
// The back-rank look-ups

// Every target byte, in every lane, against every byte value, with the other lanes equal to the
// target, one above it or one below it: the neighbours where a borrow between lanes would show.
BOOST_AUTO_TEST_CASE(bytes_equal_to_marks_exactly_the_equal_bytes) {
  Failures failures;
  for (int target = 0; target < 256; ++target)
    for (int value = 0; value < 256; ++value)
      for (int lane = 0; lane < 8; ++lane) {
        std::uint64_t word = 0;
        std::uint64_t expected = 0;
        for (int j = 0; j < 8; ++j) {
          const int byte = j == lane ? value : (target + (j + value) % 3 - 1) & 0xff;
          word |= static_cast<std::uint64_t>(byte) << (8 * j);
          if (byte == target) expected |= std::uint64_t{0x80} << (8 * j);
        }
        const std::uint64_t found =
            xfen::detail::bytes_equal_to(word, static_cast<std::uint8_t>(target));
        failures.check(found == expected, [&] {
          return "bytes_equal_to(" + std::to_string(word) + ", " + std::to_string(target) +
                 ") is " + std::to_string(found);
        });
      }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

namespace {

std::string describe_rank(const xfen::Position &position, Color color) {
  std::string text;
  for (int file = 0; file < position.width; ++file) {
    const Piece piece = position.at(xfen::make_square(file, xfen::back_rank(color)));
    text += piece.empty() ? '.' : piece.letter();
  }
  return text;
}

std::string show(std::optional<int> file) { return file ? std::to_string(*file) : "none"; }

// Every back rank whose squares each hold the colour's king, its rook or something else (nothing,
// the other colour's king or rook, other pieces), with the other ranks full of kings and rooks of
// both colours so that a look-up straying off the back rank finds one. The reference: the king's
// file when there is exactly one; the outermost rook is the lowest or highest rook file beyond the
// given file, whatever stands there.
void check_every_back_rank(int width, Color color, Failures &failures) {
  using xfen::CastlingSide;
  const Color other = xfen::opposite(color);
  const Piece king(PieceType::king, color);
  const Piece rook(PieceType::rook, color);
  const std::array<Piece, 6> others = {Piece(),
                                       Piece(PieceType::king, other),
                                       Piece(PieceType::rook, other),
                                       Piece(PieceType::queen, color),
                                       Piece(PieceType::pawn, other),
                                       Piece(PieceType::chancellor, color)};
  const std::array<Piece, 4> around = {king, rook, Piece(PieceType::king, other),
                                       Piece(PieceType::rook, other)};
  xfen::Position position;
  position.width = static_cast<std::uint8_t>(width);
  const int back = xfen::back_rank(color);
  int patterns = 1;
  for (int file = 0; file < width; ++file) patterns *= 3;
  for (int pattern = 0; pattern < patterns; ++pattern) {
    for (int rank = 0; rank < xfen::kRanks; ++rank)
      for (int file = 0; file < width; ++file)
        if (rank != back)
          position.put(xfen::make_square(file, rank),
                       around[static_cast<std::size_t>(pattern) % 4]);
    int kings = 0;
    int king_file = -1;
    int lowest_rook = width;
    int highest_rook = -1;
    for (int file = 0, digits = pattern; file < width; ++file, digits /= 3) {
      Piece piece = others[static_cast<std::size_t>(pattern + file) % others.size()];
      if (digits % 3 == 1) {
        piece = king;
        ++kings;
        king_file = file;
      } else if (digits % 3 == 2) {
        piece = rook;
        if (lowest_rook == width) lowest_rook = file;
        highest_rook = file;
      }
      position.put(xfen::make_square(file, back), piece);
    }
    const auto rank_text = [&] {
      return std::string(color == Color::white ? "white" : "black") + " back rank " +
             describe_rank(position, color) + ": ";
    };

    const std::optional<int> expected_king =
        kings == 1 ? std::optional<int>(king_file) : std::nullopt;
    const std::optional<int> found_king = xfen::detail::castling_king_file(position, color);
    failures.check(found_king == expected_king, [&] {
      return rank_text() + "king file " + show(found_king) + ", not " + show(expected_king);
    });

    for (int from = 0; from < width; ++from) {
      const auto h_rook =
          xfen::detail::outermost_rook_file(position, color, CastlingSide::h_side, from);
      const auto a_rook =
          xfen::detail::outermost_rook_file(position, color, CastlingSide::a_side, from);
      const auto h_expected = highest_rook > from ? std::optional<int>(highest_rook) : std::nullopt;
      const auto a_expected = lowest_rook < from ? std::optional<int>(lowest_rook) : std::nullopt;
      failures.check(h_rook == h_expected && a_rook == a_expected, [&] {
        return rank_text() + "outermost rooks beyond file " + std::to_string(from) + ": " +
               show(h_rook) + " and " + show(a_rook);
      });

      const bool h_outermost =
          xfen::detail::is_outermost_rook(position, color, CastlingSide::h_side, from);
      const bool a_outermost =
          xfen::detail::is_outermost_rook(position, color, CastlingSide::a_side, from);
      failures.check(
          h_outermost == (highest_rook <= from) && a_outermost == (lowest_rook >= from),
          [&] { return rank_text() + "is_outermost_rook from file " + std::to_string(from); });
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(back_rank_look_ups_on_every_back_rank) {
  Failures failures;
  for (const int width : {8, 10})
    for (const Color color : {Color::white, Color::black})
      check_every_back_rank(width, color, failures);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// A position built by hand may be narrower than 8 files; the look-ups read the back rank a word
// of 8 files at a time, and must still see only its width, as Position::at does: a king or rook
// past it is not there.
BOOST_AUTO_TEST_CASE(back_rank_look_ups_stop_at_a_narrow_width) {
  using xfen::CastlingSide;
  Failures failures;
  for (int width = 1; width < 8; ++width)
    for (const Color color : {Color::white, Color::black})
      for (int beyond = width; beyond < 8; ++beyond) {
        xfen::Position position;
        position.width = static_cast<std::uint8_t>(width);
        const auto square = [&](int file) {
          return xfen::make_square(file, xfen::back_rank(color)).index();
        };
        position.board[square(0)] = Piece(PieceType::king, color);
        position.board[square(beyond)] = Piece(PieceType::rook, color);
        const auto king = xfen::detail::castling_king_file(position, color);
        const auto rook = xfen::detail::outermost_rook_file(position, color, CastlingSide::h_side, 0);
        failures.check(king == std::optional<int>(0) && !rook, [&] {
          return "width " + std::to_string(width) + ": the rook on file " + std::to_string(beyond) +
                 " is found";
        });
        position.board[square(0)] = Piece();
        position.board[square(beyond)] = Piece(PieceType::king, color);
        failures.check(!xfen::detail::castling_king_file(position, color), [&] {
          return "width " + std::to_string(width) + ": the king on file " + std::to_string(beyond) +
                 " is found";
        });
      }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// The look-ups read a back rank a vector or a word at a time; they must read the board's squares
// only. A position placed where readable memory begins, and so a board that does (the board is
// Position's first member), faults a look-up that reads before rank 1, as one that took rank 8's
// offset for White's would.
BOOST_AUTO_TEST_CASE(back_rank_look_ups_read_nothing_before_the_board) {
  static_assert(offsetof(xfen::Position, board) == 0);
  GuardedPage page;
  Failures failures;
  for (const int width : {8, 10})
    for (const Color color : {Color::white, Color::black}) {
      auto *const position = new (page.start()) xfen::Position();
      position->width = static_cast<std::uint8_t>(width);
      const int rank = xfen::back_rank(color);
      position->board[xfen::make_square(0, rank).index()] = Piece(PieceType::rook, color);
      position->board[xfen::make_square(4, rank).index()] = Piece(PieceType::king, color);
      position->board[xfen::make_square(width - 1, rank).index()] = Piece(PieceType::rook, color);
      const xfen::detail::BackRankFiles files = xfen::detail::back_rank_files(*position, color);
      failures.check(files.kings == 1u << 4 && files.rooks == (1u | 1u << (width - 1)), [&] {
        return "width " + std::to_string(width) + ", " +
               (color == Color::white ? "White" : "Black") + ": kings " +
               std::to_string(files.kings) + ", rooks " + std::to_string(files.rooks);
      });
      position->~Position();
    }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// ---------------------------------------------------------------------------------------------
// The castling scan

namespace {

// A back rank as letters of White's case, '.' empty: kings, rooks and a knight in the way.
using BackRank = std::string;

// Every back rank of `width` files with one king and at most two rooks, or two kings and a rook,
// or no king and one rook, or a knight beside the king and a rook: the cases every token's
// outcome turns on (K and Q with rooks on both sides, one side or none; a letter naming a rook, a
// king, a knight or an empty square; no castling king).
std::vector<BackRank> back_ranks(int width) {
  std::vector<BackRank> ranks;
  const auto w = static_cast<std::size_t>(width);
  for (std::size_t king = 0; king < w; ++king)
    for (std::size_t first = 0; first <= w; ++first)
      for (std::size_t second = first; second <= w; ++second) {
        BackRank rank(w, '.');
        rank[king] = 'K';
        if (first < w && first != king) rank[first] = 'R';
        if (second < w && second != king && second != first) rank[second] = 'R';
        ranks.push_back(rank);
      }
  for (std::size_t file = 0; file + 2 < w; ++file) {
    ranks.push_back(std::string(file, '.') + "KRK" + std::string(w - file - 3, '.'));
    ranks.push_back(std::string(file, '.') + "R" + std::string(w - file - 1, '.'));
    ranks.push_back(std::string(file, '.') + "RNK" + std::string(w - file - 3, '.'));
  }
  return ranks;
}

// A position with these back ranks, Black's in its case, and nothing else.
xfen::Position with_back_ranks(int width, const BackRank& white, const BackRank& black) {
  xfen::Position position;
  position.width = static_cast<std::uint8_t>(width);
  for (std::size_t file = 0; file < white.size(); ++file) {
    const auto square = [&](int rank) { return xfen::make_square(static_cast<int>(file), rank); };
    if (white[file] != '.') position.put(square(0), Piece::from_letter(white[file]));
    if (black[file] != '.')
      position.put(square(xfen::kRanks - 1), Piece::from_letter(static_cast<char>(black[file] | 0x20)));
  }
  return position;
}

// Every castling field of one or two of these bytes: tokens of both colours that name rooks beside
// a king, kings, knights and empty squares, files off an 8-file board, and bytes that are no token.
std::vector<std::string> short_castling_fields() {
  constexpr std::string_view kBytes = "KQkqABCDEFGHIJabcdefghij-smZz@`[{0\x80";
  std::vector<std::string> fields;
  for (const char a : kBytes) {
    fields.emplace_back(1, a);
    for (const char b : kBytes) fields.push_back({a, b});
  }
  return fields;
}

// Every castling field of three or four of these tokens.
std::vector<std::string> long_castling_fields() {
  constexpr std::string_view kTokens = "KQkqAHJahj";
  std::vector<std::string> fields;
  for (const char a : kTokens)
    for (const char b : kTokens)
      for (const char c : kTokens) {
        fields.push_back({a, b, c});
        for (const char d : kTokens) fields.push_back({a, b, c, d});
      }
  return fields;
}

}  // namespace

// The castling scan (src/castling_scan.hpp) against the precise reader, on every field above and
// every pair of back ranks of one width the list gives (each paired with a few of the others):
// the scan accepts exactly the fields of one to four tokens the strict precise reader accepts,
// with the same rights, and declines every other; and xfen::parse, scan first, says what the
// precise readers alone say.
BOOST_AUTO_TEST_CASE(castling_scan_agrees_with_the_precise_reader) {
  Failures failures;
  std::size_t scanned = 0;
  const std::vector<std::string> short_fields = short_castling_fields();
  std::vector<std::string> fields = short_fields;
  for (std::string& field : long_castling_fields()) fields.push_back(std::move(field));
  for (const int width : {8, 10}) {
    const std::vector<BackRank> ranks = back_ranks(width);
    for (std::size_t white = 0; white < ranks.size(); ++white) {
      // Each rank is paired with itself in Black's case on even turns, another one on odd ones.
      const std::size_t black = white % 2 == 0 ? white : (white * 7 + 3) % ranks.size();
      const xfen::Position position = with_back_ranks(width, ranks[white], ranks[black]);
      const std::string board = xfen::testing::board_text(position);
      // The longer fields on every 25th pair only: the shorter ones already meet every rank.
      const std::size_t count = white % 25 == 0 ? fields.size() : short_fields.size();
      for (std::size_t at = 0; at < count; ++at) {
        const std::string& field = fields[at];
        const std::string record = board + " w " + field + " - 0 1";
        const xfen::ParseResult precise =
            xfen::detail::parse_with(record, {}, xfen::detail::Readers::precise_only);
        const xfen::ParseResult fast = xfen::parse(record);
        failures.check(fast.ok() == precise.ok() && fast.error.code == precise.error.code &&
                           fast.error.offset == precise.error.offset &&
                           fast.position.castling == precise.position.castling,
                       [&] { return "\"" + record + "\": xfen::parse and the precise reader differ"; });

        const std::array<xfen::detail::BackRankFiles, 2> files = {
            xfen::detail::back_rank_files(position, Color::white),
            xfen::detail::back_rank_files(position, Color::black)};
        xfen::CastlingRights rights;
        const bool scan_ok = xfen::detail::scan_castling(
            field.data(), static_cast<std::uint32_t>(field.size()), files, rights);
        const bool scannable = precise.ok() && field != "-" && field[0] != 's' && field[0] != 'm';
        scanned += scan_ok ? 1 : 0;
        failures.check(scan_ok == scannable && (!scan_ok || rights == precise.position.castling) &&
                           (scan_ok || rights == xfen::CastlingRights{}),
                       [&] {
                         return "\"" + record + "\": the scan " +
                                (scan_ok ? "accepts" : "declines") + " it, the precise reader " +
                                (precise.ok() ? "accepts" : "refuses") + " it" +
                                (scan_ok && rights != precise.position.castling
                                     ? ", and they give other rights"
                                     : "");
                       });
      }
    }
  }
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
  // Guards the test itself: most of these fields are refused, but not all.
  BOOST_TEST(scanned > 20000U, scanned << " fields scanned");
}

// ---------------------------------------------------------------------------------------------
// The fields after the board

namespace {

// The record's fields, split the obvious way.
std::vector<std::string_view> reference_fields(std::string_view record) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const std::size_t space = record.find(' ', start);
    fields.push_back(record.substr(start, space - start));
    if (space == std::string_view::npos) return fields;
    start = space + 1;
  }
}

void check_fields_read(const std::string& record, Failures& failures) {
  const xfen::ParseResult read = xfen::parse(record);
  const std::vector<std::string_view> expected = reference_fields(record);
  bool holds = read.ok() && expected.size() == xfen::kRecordFields;
  for (std::size_t field = 0; holds && field < expected.size(); ++field)
    holds = read.fields[field].begin ==
                static_cast<std::uint32_t>(expected[field].data() - record.data()) &&
            read.fields[field].size() == expected[field].size();
  failures.check(holds, [&] { return "the fields of \"" + record + "\" are misread"; });
}

// What breaks a strict record's separators: a doubled space, a space at the end, one field missing
// or one too many. Each must be refused with the code the structural check gives, whichever split
// met it: a split that let such a record through would fail later, on a field, with another code.
void check_separators_refused(const std::string& record, Failures& failures) {
  std::vector<std::pair<std::string, xfen::Code>> broken = {
      {record + " 1", xfen::Code::record_extra_field},
      {record.substr(0, record.rfind(' ')), xfen::Code::record_missing_field}};
  for (std::size_t at = record.find(' '); at <= record.size(); ++at)
    if (at == record.size() || record[at] == ' ')
      broken.emplace_back(std::string(record).insert(at, 1, ' '), xfen::Code::record_separator);
  for (const auto& [text, code] : broken)
    failures.check(xfen::parse(text).error.code == code, [&, &text = text] {
      return "\"" + text + "\": " + std::string(xfen::code_name(xfen::parse(text).error.code));
    });
}

}  // namespace

// Fields after the board of every length from 10 to 31 bytes, so that the board's end falls
// before, on and after the first of the record's last 16 bytes, with each field at its shortest
// and longest; and the boards both widths spell shortest and longest.
BOOST_AUTO_TEST_CASE(fields_after_the_board_around_the_tail_window) {
  Failures failures;
  const std::vector<std::string> boards = {
      "8/8/8/8/8/8/8/8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "10/10/10/10/10/10/10/10",
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"};
  const std::vector<std::string> castlings = {"-", "K", "KQkq"};
  const std::vector<std::string> counters = {"0", "99", "100", "12345", "2147483647"};
  for (const std::string& board : boards)
    for (const std::string& castling : castlings)
      for (const std::string& halfmove : counters)
        for (const std::string& fullmove : counters) {
          // Castling rights need their king and rooks: only the full opening boards have them.
          if (castling != "-" && board.find('k') == std::string::npos) continue;
          const std::string record = board + " b " + castling + " - " + halfmove + " " +
                                     (fullmove == "0" ? "1" : fullmove);
          check_fields_read(record, failures);
          check_separators_refused(record, failures);
        }
  BOOST_TEST(failures.checked() > 1000U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// Every byte in every place of a counter of one to four bytes: the counters are read in one pass
// that takes the value while it checks the digits, so a byte just past '9' or before '0' must
// still be refused.
BOOST_AUTO_TEST_CASE(counters_with_every_byte_in_every_place) {
  Failures failures;
  for (int value = 0; value < 256; ++value) {
    const char byte = static_cast<char>(value);
    if (byte == ' ') continue;  // a separator, not part of a counter
    for (const std::string& counter :
         {std::string(1, byte), "1" + std::string(1, byte), std::string(1, byte) + "1",
          "12" + std::string(1, byte) + "4"}) {
      const bool digits = counter.find_first_not_of("0123456789") == std::string::npos;
      const bool well_formed = digits && (counter.size() == 1 || counter[0] != '0');
      for (const bool fullmove : {false, true}) {
        const std::string record = "8/8/8/8/8/8/8/8 w - - " +
                                   (fullmove ? "0 " + counter : counter + " 1");
        const xfen::ParseResult read = xfen::parse(record);
        const std::uint32_t got = fullmove ? read.position.fullmove_number
                                           : read.position.halfmove_clock;
        const bool expected_ok = well_formed && !(fullmove && std::stoul(counter) == 0);
        failures.check(read.ok() == expected_ok && (!read.ok() || got == std::stoul(counter)),
                       [&] { return "\"" + xfen::testing::escaped(record) + "\" is misread"; });
      }
    }
  }
  BOOST_TEST(failures.checked() > 2000U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// Counters of every length from 1 to 12 digits, on both sides of the ten digits and the value
// (2147483647) a counter may have, and every byte in every place of an eight-digit counter.
BOOST_AUTO_TEST_CASE(counters_of_every_length) {
  Failures failures;
  const auto check = [&](const std::string &counter) {
    const bool digits = counter.find_first_not_of("0123456789") == std::string::npos;
    const bool well_formed = digits && (counter.size() == 1 || counter[0] != '0');
    const bool in_range = well_formed && counter.size() <= 10 && std::stoull(counter) <= 2147483647ULL;
    const std::string record = "8/8/8/8/8/8/8/8 w - - " + counter + " 1";
    const xfen::ParseResult read = xfen::parse(record);
    failures.check(read.ok() == in_range &&
                       (!read.ok() || read.position.halfmove_clock == std::stoull(counter)),
                   [&] { return "\"" + xfen::testing::escaped(record) + "\" is misread"; });
  };
  for (std::size_t length = 1; length <= 12; ++length) {
    check(std::string("123456789012").substr(0, length));
    check(std::string(length, '9'));
    check("1" + std::string(length - 1, '0'));
    check("2" + std::string(length - 1, '0'));
  }
  for (const std::string counter : {"2147483647", "2147483648", "4294967296", "18446744073709551616"})
    check(counter);
  for (std::size_t place = 0; place < 8; ++place)
    for (int value = 0; value < 256; ++value) {
      if (value == ' ') continue;
      std::string counter = "12345678";
      counter[place] = static_cast<char>(value);
      check(counter);
    }
  BOOST_TEST(failures.checked() > 2000U);
  BOOST_TEST(failures.failed() == 0U, failures.failed() << " of " << failures.checked());
}

// Every record of the bundled corpus, and each of its last 40 prefixes, ending where readable
// memory ends (GuardedPage).
BOOST_AUTO_TEST_CASE(records_ending_at_a_page_boundary) {
  GuardedPage page_end;

  std::ifstream in(std::string(XFEN_SOURCE_DIR) + "/corpus/positions/mixed.xfen");
  std::size_t parsed = 0;
  std::size_t accepted = 0;
  for (std::string line; std::getline(in, line);) {
    // The whole record, then each of its prefixes: every length at which a read can end.
    for (std::size_t length = line.size(); length + 40 >= line.size() && length > 0; --length) {
      const std::string_view record = page_end.place(std::string_view(line).substr(0, length));
      const xfen::ParseResult strict = xfen::parse(record);
      const xfen::ParseResult lenient = xfen::parse(record, {xfen::Profile::lenient});
      accepted += (strict.ok() ? 1U : 0U) + (lenient.ok() ? 1U : 0U);
      ++parsed;
    }
  }
  BOOST_TEST(parsed > 13000U * 30);
  BOOST_TEST(accepted > 13000U);
}
