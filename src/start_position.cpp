#include "xfen/start_position.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace xfen {

namespace {

// Square colours as White's back rank has them: a1 is dark, so the light squares are the b-, d-,
// f-, h- and j-files. Black's back rank mirrors White's, so one rank decides.
enum class Shade : std::uint8_t { any, light, dark };

constexpr Shade shade_of(int file) noexcept { return file % 2 == 1 ? Shade::light : Shade::dark; }

constexpr Shade other_shade(Shade shade) noexcept {
  return shade == Shade::light ? Shade::dark : Shade::light;
}

// The two knights' places among the five squares left for them, in Scharnagl's order: the index
// in this table is the knights' digit.
constexpr std::array<std::array<int, 2>, 10> kKnightPlaces{
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// White's back rank, piece kinds by file.
struct BackRank {
  std::array<PieceType, kMaxFiles> types{};
  int width = 8;

  constexpr PieceType at(int file) const noexcept { return types[static_cast<std::size_t>(file)]; }
  constexpr void put(int file, PieceType type) noexcept {
    types[static_cast<std::size_t>(file)] = type;
  }
};

// What taking a piece's file out of the free ones found: its place among the free files of its
// shade (the number's digit) and the file; both -1 when no free file of that shade holds it.
struct Taken {
  int place = -1;
  int file = -1;
};

// The files that have no piece yet, in file order. Scharnagl counts each piece's place among the
// squares still free when it is placed; reading a number back takes the pieces off in the same
// order, so each place is counted among the same squares.
class FreeFiles {
 public:
  explicit constexpr FreeFiles(int width) noexcept : size_(width) {
    for (int file = 0; file < width; ++file) files_[static_cast<std::size_t>(file)] = file;
  }

  // Takes the nth free file of `shade` (counted from the a-file) and returns it.
  constexpr int take_nth(int nth, Shade shade) noexcept {
    for (int i = 0; i < size_; ++i)
      if (matches(i, shade) && nth-- == 0) return take_at(i);
    return -1;  // not reached: every digit is below the count of free files of its shade
  }

  // Takes the first free file of `shade` whose square on `rank` holds `type`.
  constexpr Taken take_piece(const BackRank& rank, PieceType type, Shade shade) noexcept {
    int place = 0;
    for (int i = 0; i < size_; ++i) {
      if (!matches(i, shade)) continue;
      if (rank.at(file(i)) == type) return {place, take_at(i)};
      ++place;
    }
    return {};
  }

  constexpr int size() const noexcept { return size_; }
  constexpr int file(int i) const noexcept { return files_[static_cast<std::size_t>(i)]; }

 private:
  constexpr bool matches(int i, Shade shade) const noexcept {
    return shade == Shade::any || shade_of(file(i)) == shade;
  }
  constexpr int take_at(int i) noexcept {
    const int taken = file(i);
    for (; i + 1 < size_; ++i) files_[static_cast<std::size_t>(i)] = file(i + 1);
    --size_;
    return taken;
  }

  std::array<int, kMaxFiles> files_{};
  int size_ = 0;
};

// A start number read digit by digit, the first digit the least significant, each with its own
// radix (the number of places the piece had).
class Digits {
 public:
  explicit constexpr Digits(int number) noexcept : rest_(number) {}
  constexpr int next(int radix) noexcept {
    const int digit = rest_ % radix;
    rest_ /= radix;
    return digit;
  }

 private:
  int rest_;
};

// The same number built digit by digit from a board; a digit of -1 (a piece that is not where a
// start array has it) leaves no number.
class Number {
 public:
  constexpr void push(int digit, int radix) noexcept {
    if (digit < 0) broken_ = true;
    value_ += digit * weight_;
    weight_ *= radix;
  }
  constexpr std::optional<int> value() const noexcept {
    return broken_ ? std::nullopt : std::optional<int>(value_);
  }

 private:
  int value_ = 0;
  int weight_ = 1;
  bool broken_ = false;
};

// The last two steps of both numberings: the knights on two of the five free squares, then rook,
// king, rook on the three left, so that the king stands between the rooks.
void place_knights_rooks_and_king(BackRank& rank, FreeFiles& free, int knights_digit) noexcept {
  const std::array<int, 2> knights = kKnightPlaces[static_cast<std::size_t>(knights_digit)];
  // The later place first, so that the earlier one still counts the same squares.
  rank.put(free.take_nth(knights[1], Shade::any), PieceType::knight);
  rank.put(free.take_nth(knights[0], Shade::any), PieceType::knight);
  rank.put(free.take_nth(0, Shade::any), PieceType::rook);
  rank.put(free.take_nth(0, Shade::any), PieceType::king);
  rank.put(free.take_nth(0, Shade::any), PieceType::rook);
}

// The knights' digit, and whether rook, king, rook are all that is left; -1 when not.
int read_knights_rooks_and_king(const BackRank& rank, FreeFiles& free) noexcept {
  const Taken first = free.take_piece(rank, PieceType::knight, Shade::any);
  const Taken second = free.take_piece(rank, PieceType::knight, Shade::any);
  if (first.file < 0 || second.file < 0 || free.size() != 3 ||
      rank.at(free.file(0)) != PieceType::rook || rank.at(free.file(1)) != PieceType::king ||
      rank.at(free.file(2)) != PieceType::rook)
    return -1;
  // The second knight was counted with the first one's file already taken out.
  const std::array<int, 2> places{first.place, second.place + 1};
  for (std::size_t digit = 0; digit < kKnightPlaces.size(); ++digit)
    if (kKnightPlaces[digit] == places) return static_cast<int>(digit);
  return -1;
}

void place_bishops(BackRank& rank, FreeFiles& free, Digits& digits) noexcept {
  const int per_shade = rank.width / 2;
  rank.put(free.take_nth(digits.next(per_shade), Shade::light), PieceType::bishop);
  rank.put(free.take_nth(digits.next(per_shade), Shade::dark), PieceType::bishop);
}

void read_bishops(const BackRank& rank, FreeFiles& free, Number& number) noexcept {
  const int per_shade = rank.width / 2;
  number.push(free.take_piece(rank, PieceType::bishop, Shade::light).place, per_shade);
  number.push(free.take_piece(rank, PieceType::bishop, Shade::dark).place, per_shade);
}

// White's pieces and pawns, Black's mirroring them, and castling with the two rooks.
Position start_from(const BackRank& rank) noexcept {
  Position position;
  position.width = static_cast<std::uint8_t>(rank.width);
  for (int file = 0; file < rank.width; ++file) {
    position.put(make_square(file, 0), Piece(rank.at(file), Color::white));
    position.put(make_square(file, 1), Piece(PieceType::pawn, Color::white));
    position.put(make_square(file, kRanks - 2), Piece(PieceType::pawn, Color::black));
    position.put(make_square(file, kRanks - 1), Piece(rank.at(file), Color::black));
  }
  int a_side_rook = -1;
  int h_side_rook = -1;
  for (int file = 0; file < rank.width; ++file) {
    if (rank.at(file) != PieceType::rook) continue;
    if (a_side_rook < 0) a_side_rook = file;
    h_side_rook = file;
  }
  for (const Color color : {Color::white, Color::black}) {
    position.castling.set(color, CastlingSide::a_side, a_side_rook);
    position.castling.set(color, CastlingSide::h_side, h_side_rook);
  }
  return position;
}

BackRank back_rank_of_letters(std::string_view letters) noexcept {
  BackRank rank;
  rank.width = static_cast<int>(letters.size());
  for (int file = 0; file < rank.width; ++file)
    rank.put(file, Piece::from_letter(letters[static_cast<std::size_t>(file)]).type());
  return rank;
}

// White's back rank, when the board is a start board `width` files wide: pawns filling ranks 2
// and 7, nothing on ranks 3 to 6, White's pieces on rank 1 and Black's the same kinds on rank 8.
// Which pieces, and where, is the numbering's question.
std::optional<BackRank> start_back_rank(const Position& position, int width) noexcept {
  if (position.width != width) return std::nullopt;
  BackRank rank;
  rank.width = width;
  for (int file = 0; file < width; ++file) {
    const Piece white = position.at(make_square(file, 0));
    if (white.empty() || white.color() != Color::white ||
        position.at(make_square(file, kRanks - 1)) != Piece(white.type(), Color::black) ||
        position.at(make_square(file, 1)) != Piece(PieceType::pawn, Color::white) ||
        position.at(make_square(file, kRanks - 2)) != Piece(PieceType::pawn, Color::black))
      return std::nullopt;
    for (int rank_between = 2; rank_between < kRanks - 2; ++rank_between)
      if (!position.at(make_square(file, rank_between)).empty()) return std::nullopt;
    rank.put(file, white.type());
  }
  return rank;
}

}  // namespace

Position standard_start() noexcept { return start_from(back_rank_of_letters("RNBQKBNR")); }

Position capablanca_start() noexcept { return start_from(back_rank_of_letters("RNABQKBCNR")); }

// Scharnagl's digits: the light-squared bishop (4 places), the dark-squared one (4), the queen on
// one of the 6 free squares, the knights (10 ways).
std::optional<Position> chess960_start(int number) noexcept {
  if (number < 0 || number >= kChess960Starts) return std::nullopt;
  Digits digits(number);
  BackRank rank;
  FreeFiles free(rank.width);
  place_bishops(rank, free, digits);
  rank.put(free.take_nth(digits.next(6), Shade::any), PieceType::queen);
  place_knights_rooks_and_king(rank, free, digits.next(10));
  return start_from(rank);
}

std::optional<int> chess960_number(const Position& position) noexcept {
  const std::optional<BackRank> rank = start_back_rank(position, 8);
  if (!rank) return std::nullopt;
  FreeFiles free(rank->width);
  Number number;
  read_bishops(*rank, free, number);
  number.push(free.take_piece(*rank, PieceType::queen, Shade::any).place, 6);
  number.push(read_knights_rooks_and_king(*rank, free), 10);
  return number.value();
}

// SPEC R14.2: the light-squared bishop (5 places), the dark-squared one (5), the queen on one of
// the 8 free squares, the archbishop on one of the 4 free squares of the other colour, the
// chancellor on one of the 6 left, the knights (10 ways).
std::optional<Position> capablanca_random_start(int number) noexcept {
  if (number < 0 || number >= kCapablancaRandomStarts) return std::nullopt;
  Digits digits(number);
  BackRank rank;
  rank.width = kMaxFiles;
  FreeFiles free(rank.width);
  place_bishops(rank, free, digits);
  const int queen = free.take_nth(digits.next(8), Shade::any);
  rank.put(queen, PieceType::queen);
  rank.put(free.take_nth(digits.next(4), other_shade(shade_of(queen))), PieceType::archbishop);
  rank.put(free.take_nth(digits.next(6), Shade::any), PieceType::chancellor);
  place_knights_rooks_and_king(rank, free, digits.next(10));
  return start_from(rank);
}

std::optional<int> capablanca_random_number(const Position& position) noexcept {
  const std::optional<BackRank> rank = start_back_rank(position, kMaxFiles);
  if (!rank) return std::nullopt;
  FreeFiles free(rank->width);
  Number number;
  read_bishops(*rank, free, number);
  const Taken queen = free.take_piece(*rank, PieceType::queen, Shade::any);
  if (queen.file < 0) return std::nullopt;  // the archbishop's colour is the queen's opposite
  number.push(queen.place, 8);
  const Shade archbishop_shade = other_shade(shade_of(queen.file));
  number.push(free.take_piece(*rank, PieceType::archbishop, archbishop_shade).place, 4);
  number.push(free.take_piece(*rank, PieceType::chancellor, Shade::any).place, 6);
  number.push(read_knights_rooks_and_king(*rank, free), 10);
  return number.value();
}

}  // namespace xfen
