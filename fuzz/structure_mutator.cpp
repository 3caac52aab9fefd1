// The structure-aware mutator: see structure_mutator.hpp.
#include "structure_mutator.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "generate/positions.hpp"
#include "generate/random_choices.hpp"
#include "xfen/xfen.hpp"

// The mutator's own functions get no coverage or comparison tracing: libFuzzer clears their
// counters before each run of the target, so the tracing only cost time (and 1,230 of the parse
// binary's 4,446 counters, which libFuzzer scans after every run). Only the functions declared
// below are affected: the inline functions of the xfen and standard headers keep their
// instrumentation, so whichever copy the linker keeps is the instrumented one.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

namespace xfen::fuzz {
namespace {

// All randomness comes from the seed libFuzzer passes, so a run is reproducible. The choices are
// the generator library's, so its generators can make new positions for the mutator.
class Rng {
 public:
  explicit Rng(unsigned int seed) noexcept : choices_(seed) {}

  generate::Choices& choices() noexcept { return choices_; }

  // Uniform in [0, n); 0 when n is 0.
  std::size_t below(std::size_t n) { return choices_.pick(static_cast<std::uint32_t>(n)); }
  // Uniform in [lo, hi]; lo when hi < lo.
  int range(int lo, int hi) { return hi <= lo ? lo : choices_.in_range(lo, hi); }
  bool one_in(std::size_t n) { return below(n) == 0; }
  char letter(std::string_view letters) { return letters[below(letters.size())]; }
  template <class T, std::size_t N>
  const T& pick(const T (&items)[N]) {
    return items[below(N)];
  }

 private:
  generate::RandomChoices choices_;
};

constexpr std::string_view kPieceLetters = "KQRBNPACkqrbnpac";
constexpr CastlingStyle kCastlingStyles[] = {CastlingStyle::xfen, CastlingStyle::shredder,
                                             CastlingStyle::classic};
constexpr EnPassantStyle kEnPassantStyles[] = {EnPassantStyle::xfen, EnPassantStyle::always,
                                               EnPassantStyle::legal};

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
char to_upper(char c) { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }
char to_lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
char flip_case(char c) { return is_upper(c) ? to_lower(c) : to_upper(c); }
// `upper` (an upper-case letter) in the case of `color`: upper for White, lower for Black.
char colored(char upper, Color color) { return color == Color::white ? upper : to_lower(upper); }
char file_char(int file, char base) { return static_cast<char>(base + file); }

// The record as text-level parts, loose enough to hold what the parser would reject: any token
// string, any side, en passant and counter text. Only the board has a fixed shape (8 ranks of
// `width` squares of piece letters); anything else about the board is done on text.
struct Model {
  std::array<char, kMaxSquares> cells{};  // a piece letter or '\0', index rank * kMaxFiles + file
  int width = 8;
  std::string side = "w";
  std::string prefix;      // "", "s", "m" (or junk)
  std::string castling;    // the tokens without the prefix; empty is '-'
  std::string en_passant = "-";
  std::string halfmove = "0";
  std::string fullmove = "1";

  static std::size_t index(int file, int rank) {
    return static_cast<std::size_t>(rank * kMaxFiles + file);
  }
  char& at(int file, int rank) { return cells[index(file, rank)]; }
  char at(int file, int rank) const { return cells[index(file, rank)]; }

  Color side_color() const { return side == "b" ? Color::black : Color::white; }

  // The file of the single king of `color` on its back rank, or -1.
  int king_file(Color color) const {
    int found = -1;
    for (int file = 0; file < width; ++file)
      if (at(file, back_rank(color)) == colored('K', color)) {
        if (found >= 0) return -1;
        found = file;
      }
    return found;
  }
  std::vector<int> rook_files(Color color) const {
    std::vector<int> files;
    for (int file = 0; file < width; ++file)
      if (at(file, back_rank(color)) == colored('R', color)) files.push_back(file);
    return files;
  }
  void clear_board() { cells.fill('\0'); }
};

Color random_color(Rng& rng) { return rng.one_in(2) ? Color::white : Color::black; }

void random_square(const Model& model, Rng& rng, int& file, int& rank) {
  file = rng.range(0, model.width - 1);
  rank = rng.range(0, kRanks - 1);
}

// A random occupied square; false when the board is empty.
bool random_piece(const Model& model, Rng& rng, int& file, int& rank) {
  std::vector<std::pair<int, int>> occupied;
  for (int r = 0; r < kRanks; ++r)
    for (int f = 0; f < model.width; ++f)
      if (model.at(f, r) != '\0') occupied.emplace_back(f, r);
  if (occupied.empty()) return false;
  const auto& chosen = occupied[rng.below(occupied.size())];
  file = chosen.first;
  rank = chosen.second;
  return true;
}

Model from_position(const Position& position, Rng& rng) {
  Model model;
  model.width = position.width;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < model.width; ++file)
      model.at(file, rank) = position.at(make_square(file, rank)).letter();
  // Single characters, not C strings: g++ 12 at -O3 takes assigning a C string here for an
  // overlapping memcpy (-Wrestrict, a known false positive) once from_position is inlined.
  model.side = position.side_to_move == Color::white ? 'w' : 'b';
  if (position.castling.mode == CastlingMode::symmetric) model.prefix = 's';
  if (position.castling.mode == CastlingMode::modern) model.prefix = 'm';
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const std::optional<int> file = position.castling.rook_file(color, side);
      if (!file) continue;
      // K/Q for the outermost rook most of the time, its file letter otherwise (Shredder).
      const char token = outermost_rook_file(position, color, side) == file && !rng.one_in(4)
                             ? (side == CastlingSide::h_side ? 'K' : 'Q')
                             : file_char(*file, 'A');
      model.castling += colored(token, color);
    }
  if (position.en_passant)
    model.en_passant = {position.en_passant->file_letter(), position.en_passant->rank_digit()};
  model.halfmove = std::to_string(position.halfmove_clock);
  model.fullmove = std::to_string(position.fullmove_number);
  return model;
}

// --- mutations of the board ---

void swap_squares(Model& model, Rng& rng) {
  int f1 = 0, r1 = 0, f2 = 0, r2 = 0;
  if (!random_piece(model, rng, f1, r1)) random_square(model, rng, f1, r1);
  if (rng.one_in(2) || !random_piece(model, rng, f2, r2)) random_square(model, rng, f2, r2);
  std::swap(model.at(f1, r1), model.at(f2, r2));
}

void move_piece(Model& model, Rng& rng) {
  int from_file = 0, from_rank = 0, to_file = 0, to_rank = 0;
  if (!random_piece(model, rng, from_file, from_rank)) return;
  random_square(model, rng, to_file, to_rank);
  if (rng.one_in(3)) to_rank = from_rank;  // along the rank: a back rank stays a back rank
  if (to_file == from_file && to_rank == from_rank) return;
  model.at(to_file, to_rank) = model.at(from_file, from_rank);
  model.at(from_file, from_rank) = '\0';
}

void put_piece(Model& model, Rng& rng) {
  int file = 0, rank = 0;
  random_square(model, rng, file, rank);
  if (rng.one_in(2)) rank = rng.one_in(2) ? 0 : kRanks - 1;
  model.at(file, rank) = rng.letter(kPieceLetters);
}

void remove_piece(Model& model, Rng& rng) {
  int file = 0, rank = 0;
  if (random_piece(model, rng, file, rank)) model.at(file, rank) = '\0';
}

void change_piece(Model& model, Rng& rng) {
  int file = 0, rank = 0;
  if (!random_piece(model, rng, file, rank)) return;
  char& cell = model.at(file, rank);
  if (rng.one_in(3))
    cell = flip_case(cell);
  else
    cell = colored(rng.letter("KQRBNPAC"), is_upper(cell) ? Color::white : Color::black);
}

// 8 files become 10 (two empty files inserted, sometimes with an archbishop and a chancellor on
// the back ranks), or 10 become 8 (two files dropped).
void toggle_width(Model& model, Rng& rng) {
  Model next = model;
  next.clear_board();
  if (model.width == 8) {
    next.width = 10;
    const int first = rng.range(0, 8);   // the inserted files, in the new numbering
    const int second = rng.range(0, 9);
    const int low = std::min(first, second);
    const int high = first == second ? std::min(9, second + 1) : std::max(first, second);
    for (int rank = 0; rank < kRanks; ++rank)
      for (int file = 0, from = 0; file < 10; ++file) {
        if (file == low || file == high) continue;
        next.at(file, rank) = model.at(from++, rank);
      }
    if (rng.one_in(2)) {
      next.at(low, 0) = 'A';
      next.at(high, 0) = 'C';
      next.at(low, kRanks - 1) = 'a';
      next.at(high, kRanks - 1) = 'c';
    }
  } else {
    next.width = 8;
    const int first = rng.range(0, 9);
    int second = rng.range(0, 8);
    if (second >= first) ++second;
    for (int rank = 0; rank < kRanks; ++rank)
      for (int file = 0, to = 0; file < model.width; ++file) {
        if (file == first || file == second) continue;
        next.at(to++, rank) = model.at(file, rank);
      }
  }
  model.cells = next.cells;
  model.width = next.width;
}

// Puts the king of a colour between two of its rooks on the back rank (making rooks when there
// are fewer than two), or anywhere on the back rank; sometimes gives it the rights of the
// outermost rooks.
void move_king_between_rooks(Model& model, Rng& rng) {
  const Color color = random_color(rng);
  const int rank = back_rank(color);
  std::vector<int> rooks = model.rook_files(color);
  if (rooks.size() < 2 || rng.one_in(4)) {
    const int low = rng.range(0, model.width - 3);
    const int high = rng.range(low + 2, model.width - 1);
    model.at(low, rank) = colored('R', color);
    model.at(high, rank) = colored('R', color);
    rooks = model.rook_files(color);
  }
  int target = rng.range(0, model.width - 1);
  if (!rng.one_in(3)) {
    std::vector<std::pair<int, int>> gaps;  // two rooks with room between them
    for (std::size_t i = 0; i < rooks.size(); ++i)
      for (std::size_t j = i + 1; j < rooks.size(); ++j)
        if (rooks[j] - rooks[i] >= 2) gaps.emplace_back(rooks[i], rooks[j]);
    if (!gaps.empty()) {
      const auto& gap = gaps[rng.below(gaps.size())];
      target = rng.range(gap.first + 1, gap.second - 1);
    }
  }
  const char king = colored('K', color);
  const int from = model.king_file(color);
  if (from >= 0)
    std::swap(model.at(from, rank), model.at(target, rank));
  else
    model.at(target, rank) = king;
  if (rng.one_in(2)) {
    std::string kept;
    for (const char token : model.castling)
      if (is_upper(token) != (color == Color::white)) kept += token;
    model.castling = colored('K', color) + kept + colored('Q', color);
    if (rng.one_in(2)) std::swap(model.castling.front(), model.castling.back());
  }
}

// A Chess960 (8×8) or Capablanca Random Chess (10×8) start from the generator library, of the
// model's width three times in four; the prefix and the counters stay.
void start_position(Model& model, Rng& rng) {
  const bool ten_files = (model.width == 10) != rng.one_in(4);
  const Position start = ten_files ? generate::capablanca_start(rng.choices())
                                   : generate::chess960_start(rng.choices());
  Model next = from_position(start, rng);
  next.prefix = std::move(model.prefix);
  next.halfmove = std::move(model.halfmove);
  next.fullmove = std::move(model.fullmove);
  model = std::move(next);
}

void swap_ranks(Model& model, Rng& rng) {
  const int first = rng.range(0, kRanks - 1);
  const int second = rng.range(0, kRanks - 1);
  for (int file = 0; file < model.width; ++file)
    std::swap(model.at(file, first), model.at(file, second));
}

char mirrored_rank_digit(char digit) {
  return digit >= '1' && digit <= '8' ? static_cast<char>('1' + '8' - digit) : digit;
}

// White becomes Black: the board upside down with the colours exchanged, and everything that
// names a colour follows.
void flip_colors(Model& model) {
  const Model old = model;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < model.width; ++file)
      model.at(file, kRanks - 1 - rank) = flip_case(old.at(file, rank));
  if (model.side == "w")
    model.side = "b";
  else if (model.side == "b")
    model.side = "w";
  for (char& token : model.castling) token = flip_case(token);
  if (model.en_passant.size() == 2) model.en_passant[1] = mirrored_rank_digit(model.en_passant[1]);
}

// The a-file becomes the last file: K and Q exchange, file letters are mirrored.
void mirror_files(Model& model) {
  const Model old = model;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < model.width; ++file)
      model.at(model.width - 1 - file, rank) = old.at(file, rank);
  for (char& token : model.castling) {
    const char upper = to_upper(token);
    char mirrored = upper;
    if (upper == 'K')
      mirrored = 'Q';
    else if (upper == 'Q')
      mirrored = 'K';
    else if (upper >= 'A' && upper < 'A' + model.width)
      mirrored = static_cast<char>('A' + model.width - 1 - (upper - 'A'));
    token = is_lower(token) ? to_lower(mirrored) : mirrored;
  }
  if (model.en_passant.size() == 2 && is_lower(model.en_passant[0]) &&
      model.en_passant[0] < 'a' + model.width)
    model.en_passant[0] = static_cast<char>('a' + model.width - 1 - (model.en_passant[0] - 'a'));
}

// --- mutations of the castling field ---

void add_castling_token(Model& model, Rng& rng) {
  const Color color = random_color(rng);
  const int rank = back_rank(color);
  const int king = model.king_file(color);
  const std::vector<int> rooks = model.rook_files(color);
  char token = 'K';
  switch (rng.below(7)) {
    case 0:
    case 1:  // a rook that is there, by its file or by K/Q
      if (!rooks.empty()) {
        const int file = rooks[rng.below(rooks.size())];
        token = king >= 0 && file != king && rng.one_in(2) ? (file > king ? 'K' : 'Q')
                                                            : file_char(file, 'A');
        break;
      }
      [[fallthrough]];
    case 2: {  // a new rook (often an inner one), by its file
      const int file = rng.range(0, model.width - 1);
      if (model.at(file, rank) != colored('K', color)) model.at(file, rank) = colored('R', color);
      token = file_char(file, 'A');
      break;
    }
    case 3:
      token = rng.one_in(2) ? 'K' : 'Q';
      break;
    case 4:  // any file letter, up to two beyond the board
      token = file_char(rng.range(0, model.width + 1), 'A');
      break;
    case 5:  // a token already there, again
      if (!model.castling.empty()) {
        model.castling.insert(rng.below(model.castling.size() + 1), 1,
                              model.castling[rng.below(model.castling.size())]);
        return;
      }
      break;
    default:  // a byte that is no token
      model.castling.insert(rng.below(model.castling.size() + 1), 1, rng.letter("-smKQkqZz0/"));
      return;
  }
  model.castling.insert(rng.below(model.castling.size() + 1), 1, colored(token, color));
}

void remove_castling_token(Model& model, Rng& rng) {
  if (model.castling.empty()) return;
  if (rng.one_in(4))
    model.castling.clear();
  else
    model.castling.erase(rng.below(model.castling.size()), 1);
}

// A token respelled: K/Q as the file letter of the rook it names, a file letter as K/Q for the
// side its rook stands on (which need not be the outermost rook); or two tokens exchanged.
void respell_castling(Model& model, Rng& rng) {
  if (model.castling.empty()) return;
  const std::size_t at = rng.below(model.castling.size());
  if (rng.one_in(3)) {
    std::swap(model.castling[at], model.castling[rng.below(model.castling.size())]);
    return;
  }
  const char token = model.castling[at];
  const Color color = is_lower(token) ? Color::black : Color::white;
  const char upper = to_upper(token);
  const int king = model.king_file(color);
  if (king < 0) return;
  if (upper == 'K' || upper == 'Q') {
    const std::vector<int> rooks = model.rook_files(color);
    int file = -1;
    for (const int rook : rooks)
      if (upper == 'K' ? rook > king : (rook < king && file < 0)) file = rook;
    if (file >= 0) model.castling[at] = colored(file_char(file, 'A'), color);
  } else if (upper >= 'A' && upper <= 'J') {
    const int file = upper - 'A';
    if (file != king) model.castling[at] = colored(file > king ? 'K' : 'Q', color);
  }
}

// Every right a colour could have: the outermost rooks, as K/Q or by file; sometimes the inner
// rooks as well (a second right on one side).
void full_castling(Model& model, Rng& rng) {
  model.castling.clear();
  for (const Color color : {Color::white, Color::black}) {
    const int king = model.king_file(color);
    if (king < 0) continue;
    const std::vector<int> rooks = model.rook_files(color);
    const bool letters = rng.one_in(2);
    const bool inner = rng.one_in(4);
    int outer_h = -1, outer_a = -1;
    for (const int rook : rooks) {
      if (rook > king) outer_h = rook;
      if (rook < king && outer_a < 0) outer_a = rook;
    }
    for (const int file : rooks) {
      if (file != outer_h && file != outer_a && !inner) continue;
      char token = file_char(file, 'A');
      if (!letters && file == outer_h) token = 'K';
      if (!letters && file == outer_a) token = 'Q';
      model.castling += colored(token, color);
    }
  }
}

void set_prefix(Model& model, Rng& rng) {
  static const char* const kPrefixes[] = {"", "s", "m", "", "s", "m", "-", "sm", "S"};
  model.prefix = rng.pick(kPrefixes);
}

// A piece of the other colour (any kind, pawns and kings included) put near a king of `victim`:
// a pawn's, king's or knight's step away, or on a line from it; whether it attacks depends on
// its kind and what stands between.
void threaten_king(Model& model, Rng& rng, Color victim) {
  std::vector<std::pair<int, int>> kings;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < model.width; ++file)
      if (model.at(file, rank) == colored('K', victim)) kings.emplace_back(file, rank);
  if (kings.empty()) return;
  const auto [king_file, king_rank] = kings[rng.below(kings.size())];
  static constexpr std::array<std::array<int, 2>, 16> kSteps = {{
      {1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1},
      {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}};
  const auto& step = kSteps[rng.below(kSteps.size())];
  const int distance = step[0] * step[0] + step[1] * step[1] <= 2 && rng.one_in(2) ? rng.range(2, 5) : 1;
  const int file = king_file + step[0] * distance;
  const int rank = king_rank + step[1] * distance;
  if (file < 0 || file >= model.width || rank < 0 || rank >= kRanks) return;
  model.at(file, rank) = colored(rng.letter("PPKNBRQAC"), opposite(victim));
}

// --- mutations of the en passant field, side and counters ---

// A double push just played by the side not to move, on a random file: the pawn beyond the
// square, the square and the pawn's origin emptied; often a pawn of the side to move beside it
// (so X-FEN writes the square), sometimes a king and an enemy slider on that rank (a pin that
// makes the capture illegal), sometimes the halfmove clock reset.
void set_up_double_push(Model& model, Rng& rng) {
  const Color mover = model.side_color();
  const Color pusher = opposite(mover);
  const int file = rng.range(0, model.width - 1);
  const int pawn_rank = pusher == Color::black ? 4 : 3;
  const int step = pusher == Color::black ? 1 : -1;  // from the pawn towards its origin
  model.at(file, pawn_rank) = colored('P', pusher);
  model.at(file, pawn_rank + step) = '\0';
  model.at(file, pawn_rank + 2 * step) = '\0';
  if (model.side != "w" && model.side != "b") model.side = "w";
  model.en_passant = {file_char(file, 'a'), static_cast<char>('1' + pawn_rank + step)};
  if (!rng.one_in(3)) {
    const int beside = file + (rng.one_in(2) ? 1 : -1);
    if (beside >= 0 && beside < model.width) model.at(beside, pawn_rank) = colored('P', mover);
    if (rng.one_in(3)) {
      const int other = file - (beside - file);
      if (other >= 0 && other < model.width) model.at(other, pawn_rank) = colored('P', mover);
    }
  }
  if (rng.one_in(4)) {
    std::vector<int> empty;
    for (int f = 0; f < model.width; ++f)
      if (model.at(f, pawn_rank) == '\0') empty.push_back(f);
    if (empty.size() >= 2) {
      const std::size_t king = rng.below(empty.size());
      std::size_t slider = rng.below(empty.size() - 1);
      if (slider >= king) ++slider;
      for (int f = 0; f < model.width; ++f)
        for (int r = 0; r < kRanks; ++r)
          if (model.at(f, r) == colored('K', mover)) model.at(f, r) = '\0';
      model.at(empty[king], pawn_rank) = colored('K', mover);
      model.at(empty[slider], pawn_rank) = colored(rng.letter("RQC"), pusher);
    }
  }
  if (rng.one_in(3)) threaten_king(model, rng, mover);
  if (rng.one_in(2)) model.halfmove = "0";
}

void move_en_passant(Model& model, Rng& rng) {
  static const char* const kOdd[] = {"-", "-", "E6", "e9", "e0", "i6", "k3", "j6", "e", "e66",
                                     "-e", "--", "e3e6", "a3", "h6", "j3", "a6"};
  std::string& square = model.en_passant;
  const bool is_square = square.size() == 2 && is_lower(square[0]);
  switch (rng.below(4)) {
    case 0:
      if (is_square) {
        square[0] = static_cast<char>(square[0] + (rng.one_in(2) ? 1 : -1));
        if (!is_lower(square[0])) square[0] = 'a';
        return;
      }
      [[fallthrough]];
    case 1:
      if (is_square) {
        square[1] = square[1] == '3' ? '6' : square[1] == '6' ? '3' : rng.letter("36");
        return;
      }
      [[fallthrough]];
    case 2:
      square = {file_char(rng.range(0, model.width - 1), 'a'), rng.letter("12345678")};
      return;
    default:
      square = rng.pick(kOdd);
  }
}

void change_side(Model& model, Rng& rng) {
  static const char* const kOdd[] = {"W", "B", "-", "wb", "x", "white"};
  if (rng.one_in(8))
    model.side = rng.pick(kOdd);
  else
    model.side = model.side == "w" ? "b" : "w";
}

void perturb_counter(Model& model, Rng& rng) {
  static const char* const kValues[] = {
      "0",          "1",          "2",          "9",          "49",         "50",
      "99",         "100",        "255",        "256",        "65535",      "65536",
      "2147483646", "2147483647", "2147483648", "4294967295", "4294967296", "18446744073709551616",
      "99999999999", "00",        "01",         "007",        "-1",         "+1",
      "1e3",        "0x10",       "",           "-"};
  std::string& counter = rng.one_in(2) ? model.halfmove : model.fullmove;
  switch (rng.below(4)) {
    case 0:
      counter = rng.pick(kValues);
      return;
    case 1: {
      const bool digits = !counter.empty() && counter.size() <= 18 &&
                          std::all_of(counter.begin(), counter.end(),
                                      [](char c) { return c >= '0' && c <= '9'; });
      if (!digits) break;
      unsigned long long value = std::stoull(counter);
      value = rng.one_in(2) ? value + 1 : (value == 0 ? 0 : value - 1);
      counter = std::to_string(value);
      return;
    }
    case 2:
      counter = rng.one_in(2) ? "0" + counter : counter + rng.letter("0123456789");
      return;
    default:
      break;
  }
  counter = std::to_string(rng.range(0, 200));
}

void mutate_model(Model& model, Rng& rng) {
  switch (rng.below(22)) {
    case 0: case 1: swap_squares(model, rng); break;
    case 2: case 3: move_piece(model, rng); break;
    case 4: put_piece(model, rng); break;
    case 5: remove_piece(model, rng); break;
    case 6: change_piece(model, rng); break;
    case 7: toggle_width(model, rng); break;
    case 8: case 9: move_king_between_rooks(model, rng); break;
    case 10: case 11: add_castling_token(model, rng); break;
    case 12: remove_castling_token(model, rng); break;
    case 13: respell_castling(model, rng); break;
    case 14: full_castling(model, rng); break;
    case 15: set_prefix(model, rng); break;
    case 16: set_up_double_push(model, rng); break;
    case 17: move_en_passant(model, rng); break;
    case 18: change_side(model, rng); break;
    case 19: perturb_counter(model, rng); break;
    case 20:
      switch (rng.below(5)) {
        case 0: swap_ranks(model, rng); break;
        case 1: flip_colors(model); break;
        case 2: mirror_files(model); break;
        case 3: threaten_king(model, rng, random_color(rng)); break;
        default: start_position(model, rng); break;
      }
      break;
    default:
      start_position(model, rng);
      break;
  }
}

// --- text ---

// A run of `count` empty squares as a digit run that is not one count: "12" for 3, "01" for 1,
// sometimes with a zero inside. Strict reading rejects it; lenient reading sums the digits.
void write_split_run(std::string& out, int count, Rng& rng) {
  if (count == 1) {
    out += rng.one_in(2) ? "01" : "10";
    return;
  }
  const int first = rng.range(1, count - 1);
  out += std::to_string(first);
  if (rng.one_in(4)) out += '0';
  out += std::to_string(count - first);
}

std::string board_text(const Model& model, Rng& rng, bool sloppy) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int run = 0;
    const auto flush = [&] {
      if (run == 0) return;
      if (sloppy && rng.one_in(8))
        write_split_run(out, run, rng);
      else
        out += std::to_string(run);
      run = 0;
    };
    for (int file = 0; file < model.width; ++file) {
      const char piece = model.at(file, rank);
      if (piece == '\0') {
        ++run;
      } else {
        flush();
        out += piece;
      }
    }
    flush();
    if (rank > 0) out += '/';
  }
  return out;
}

std::vector<std::string> model_fields(const Model& model, Rng& rng, bool sloppy) {
  std::string castling = model.prefix + model.castling;
  if (model.castling.empty() && (model.prefix.empty() || !rng.one_in(4))) castling = "-";
  return {board_text(model, rng, sloppy), model.side, castling, model.en_passant, model.halfmove,
          model.fullmove};
}

// kLenientWhiteSpace as a switch: string_view::find is an inline library function, so its
// comparisons are traced even here, and the cross-over calls this for every byte.
bool is_space(char c) {
  switch (c) {
    case ' ': case '\t': case '\n': case '\v': case '\f': case '\r': return true;
    default: return false;
  }
}
static_assert(kLenientWhiteSpace == " \t\n\v\f\r", "is_space lists the lenient white space");

std::vector<std::string> split_fields(std::string_view text) {
  std::vector<std::string> fields;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && is_space(text[at])) ++at;
    const std::size_t start = at;
    while (at < text.size() && !is_space(text[at])) ++at;
    if (at > start) fields.emplace_back(text.substr(start, at - start));
  }
  return fields;
}

std::vector<std::string> split_ranks(std::string_view board) {
  std::vector<std::string> ranks;
  std::size_t start = 0;
  for (std::size_t at = 0; at <= board.size(); ++at)
    if (at == board.size() || board[at] == '/') {
      ranks.emplace_back(board.substr(start, at - start));
      start = at + 1;
    }
  return ranks;
}

std::string join(const std::vector<std::string>& parts, char separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

// Good values for each field, to repair a broken one or to put a field where it does not belong.
const char* dictionary_field(std::size_t slot, Rng& rng) {
  static const char* const kBoards[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
      "r3k2r/8/8/8/8/8/8/R3K2R",
      "r3k4r/10/10/10/10/10/10/R3K4R",
      "4k3/8/8/3Pp3/8/8/8/4K3",
      "4k3/8/8/8/8/8/8/4K3",
      "8/8/8/8/8/8/8/8"};
  static const char* const kSides[] = {"w", "b"};
  static const char* const kCastling[] = {"-", "KQkq", "HAha", "sKQkq", "mKQkq", "K", "q",
                                          "BGbg", "JAja", "Kk", "KQ", "kq", "AHah"};
  static const char* const kEnPassant[] = {"-", "e3", "e6", "d6", "a3", "h6", "j6", "i3"};
  static const char* const kHalfmove[] = {"0", "1", "50", "2147483647"};
  static const char* const kFullmove[] = {"1", "2", "100", "2147483647"};
  static const char* const kOther[] = {"-", "0", "x", "w"};
  switch (slot) {
    case 0: return rng.pick(kBoards);
    case 1: return rng.pick(kSides);
    case 2: return rng.pick(kCastling);
    case 3: return rng.pick(kEnPassant);
    case 4: return rng.pick(kHalfmove);
    case 5: return rng.pick(kFullmove);
    default: return rng.pick(kOther);
  }
}

void mutate_ranks(std::string& board, Rng& rng) {
  static const char* const kRanksText[] = {"8", "10", "4k3", "pppppppp", "PPPPPPPPPP", "r3k2r",
                                           "R3K4R", "9", "7", "", "44", "1p6"};
  std::vector<std::string> ranks = split_ranks(board);
  const std::size_t at = rng.below(ranks.size());
  switch (rng.below(6)) {
    case 0:
      std::swap(ranks[at], ranks[rng.below(ranks.size())]);
      break;
    case 1:
      ranks.insert(ranks.begin() + static_cast<std::ptrdiff_t>(at), ranks[at]);
      break;
    case 2:
      if (ranks.size() > 1) ranks.erase(ranks.begin() + static_cast<std::ptrdiff_t>(at));
      break;
    case 3:  // one square more
      ranks[at].insert(rng.below(ranks[at].size() + 1), 1, rng.one_in(2) ? '1' : rng.letter(kPieceLetters));
      break;
    case 4:  // one byte less
      if (!ranks[at].empty()) ranks[at].erase(rng.below(ranks[at].size()), 1);
      break;
    default:
      ranks[at] = rng.pick(kRanksText);
      break;
  }
  board = join(ranks, '/');
}

// Field-level edits: trailing fields dropped, two fields joined, one split, two swapped, one
// doubled, one removed, one replaced by a good value for its place, the board edited by rank, a
// byte in a field replaced.
void mutate_fields(std::vector<std::string>& fields, Rng& rng) {
  if (fields.empty()) {
    fields.emplace_back(dictionary_field(0, rng));
    return;
  }
  const std::size_t at = rng.below(fields.size());
  switch (rng.below(10)) {
    case 0:
      if (fields.size() > 1) fields.resize(1 + rng.below(fields.size() - 1));
      break;
    case 1:
      if (at + 1 < fields.size()) {
        fields[at] += fields[at + 1];
        fields.erase(fields.begin() + static_cast<std::ptrdiff_t>(at + 1));
      }
      break;
    case 2:
      if (fields[at].size() > 1) {
        const std::size_t cut = 1 + rng.below(fields[at].size() - 1);
        std::string tail = fields[at].substr(cut);
        fields[at].resize(cut);
        fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at + 1), std::move(tail));
      }
      break;
    case 3:
      std::swap(fields[at], fields[rng.below(fields.size())]);
      break;
    case 4:
      if (rng.one_in(2))
        fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at), fields[at]);
      else
        fields.emplace_back(dictionary_field(rng.below(7), rng));
      break;
    case 5:
      fields.erase(fields.begin() + static_cast<std::ptrdiff_t>(at));
      break;
    case 6:
    case 7:
      fields[at] = dictionary_field(at, rng);
      break;
    case 8:
      mutate_ranks(fields[0], rng);
      break;
    default:
      if (!fields[at].empty())
        fields[at][rng.below(fields[at].size())] = rng.letter("/-0123456789KQRBNPACkqrbnpacwbsmehij ");
      break;
  }
}

// The fields joined by single spaces, or, when sloppy, sometimes by other white space, with white
// space before or after.
std::string join_fields(const std::vector<std::string>& fields, Rng& rng, bool sloppy) {
  static const char* const kLeading[] = {" ", "  ", "\t", "\n", "\r\n", " \v"};
  static const char* const kBetween[] = {"  ", "\t", " \t", "   ", "\r", "\f", "\n"};
  static const char* const kTrailing[] = {" ", "\n", "\r\n", "\t", "  ", "\r"};
  std::string out;
  if (sloppy && rng.one_in(6)) out += rng.pick(kLeading);
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += sloppy && rng.one_in(5) ? rng.pick(kBetween) : " ";
    out += fields[i];
  }
  if (sloppy && rng.one_in(5)) out += rng.pick(kTrailing);
  return out;
}

// What the writer makes of the model, in a random dialect: the model is read leniently first
// (which drops what names nothing). Empty when it cannot be read or written.
std::string written(const Model& model, Rng& rng) {
  const std::string text = join(model_fields(model, rng, false), ' ');
  const ParseResult read = parse(text, {.profile = Profile::lenient});
  if (!read) return {};
  WriteOptions options{.castling = rng.pick(kCastlingStyles), .en_passant = rng.pick(kEnPassantStyles)};
  std::array<char, kMaxRecordSize> buffer{};
  WriteResult result = write(read.position, buffer, options);
  if (!result && options.castling == CastlingStyle::classic) {
    options.castling = CastlingStyle::shredder;
    result = write(read.position, buffer, options);
  }
  if (!result) return {};
  return std::string(buffer.data(), result.size);
}

std::string render(const Model& model, Rng& rng) {
  const std::size_t style = rng.below(8);
  if (style < 3) {
    std::string out = written(model, rng);
    if (!out.empty()) {
      if (rng.one_in(4)) {
        std::vector<std::string> fields = split_fields(out);
        mutate_fields(fields, rng);
        out = join_fields(fields, rng, true);
      }
      return out;
    }
  }
  const bool sloppy = style >= 6;
  std::vector<std::string> fields = model_fields(model, rng, sloppy);
  if (sloppy) {
    const std::size_t edits = 1 + rng.below(2);
    for (std::size_t i = 0; i < edits; ++i) mutate_fields(fields, rng);
  }
  return join_fields(fields, rng, sloppy);
}

// Text the lenient parser rejects: often the field the strict error is about is replaced by a
// good value (or the missing fields appended), else field-level edits.
std::string mutate_text(std::string_view input, Rng& rng) {
  std::vector<std::string> fields = split_fields(input);
  if (rng.one_in(2)) {
    const ParseResult strict = parse(input);
    std::size_t slot = 7;
    switch (code_field(strict.error.code)) {
      case Field::board: slot = 0; break;
      case Field::side_to_move: slot = 1; break;
      case Field::castling: slot = 2; break;
      case Field::en_passant: slot = 3; break;
      case Field::halfmove_clock: slot = 4; break;
      case Field::fullmove_number: slot = 5; break;
      default: break;
    }
    if (slot < fields.size()) {
      fields[slot] = dictionary_field(slot, rng);
    } else if (fields.size() < 6 && strict.error.code == Code::record_missing_field) {
      while (fields.size() < 6) fields.emplace_back(dictionary_field(fields.size(), rng));
    } else if (fields.size() > 6) {
      fields.resize(6);
    } else {
      mutate_fields(fields, rng);
    }
  } else {
    const std::size_t edits = 1 + rng.below(2);
    for (std::size_t i = 0; i < edits; ++i) mutate_fields(fields, rng);
  }
  return join_fields(fields, rng, rng.one_in(3));
}

}  // namespace

std::size_t mutate_structure(std::uint8_t* data, std::size_t size, std::size_t max_size,
                             unsigned int seed, ByteMutator byte_mutator) {
  Rng rng(seed);
  // A fifth of the time, and whenever the structural edit gives nothing new that fits, plain
  // byte mutation: it finds what no structural edit was written for.
  if (rng.one_in(5)) return byte_mutator(data, size, max_size);
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::string output;
  const ParseResult read = parse(input, {.profile = Profile::lenient});
  if (read) {
    Model model = from_position(read.position, rng);
    const std::size_t edits = rng.one_in(2) ? 1 : 2 + rng.below(3);
    for (std::size_t i = 0; i < edits; ++i) mutate_model(model, rng);
    output = render(model, rng);
  } else {
    if (rng.one_in(2)) return byte_mutator(data, size, max_size);
    output = mutate_text(input, rng);
  }
  if (output.size() > max_size || output == input) return byte_mutator(data, size, max_size);
  std::memcpy(data, output.data(), output.size());
  return output.size();
}

namespace {

// Views into the caller's bytes, at most N of them (the rest are dropped), so that a cross-over
// allocates nothing: libFuzzer picks it like any of its byte mutations, and with vectors of
// strings it took a tenth of the parse fuzzer's time (perf).
template <std::size_t N>
struct Parts {
  std::array<std::string_view, N> items{};
  std::size_t count = 0;

  void add(std::string_view part) {
    if (count < N) items[count++] = part;
  }
};

Parts<16> split_field_views(std::string_view text) {
  Parts<16> fields;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && is_space(text[at])) ++at;
    const std::size_t start = at;
    while (at < text.size() && !is_space(text[at])) ++at;
    if (at > start) fields.add(text.substr(start, at - start));
  }
  return fields;
}

Parts<16> split_rank_views(std::string_view board) {
  Parts<16> ranks;
  std::size_t start = 0;
  for (std::size_t at = 0; at <= board.size(); ++at)
    if (at == board.size() || board[at] == '/') {
      ranks.add(board.substr(start, at - start));
      start = at + 1;
    }
  return ranks;
}

// Appends to out[0, capacity); false once it does not fit.
class Output {
 public:
  Output(std::uint8_t* out, std::size_t capacity) noexcept : out_(out), capacity_(capacity) {}
  bool append(std::string_view text) noexcept {
    if (text.size() > capacity_ - size_) return false;
    std::memcpy(out_ + size_, text.data(), text.size());
    size_ += text.size();
    return true;
  }
  std::size_t size() const noexcept { return size_; }

 private:
  std::uint8_t* out_;
  std::size_t capacity_;
  std::size_t size_ = 0;
};

}  // namespace

std::size_t cross_over_structure(const std::uint8_t* data1, std::size_t size1,
                                 const std::uint8_t* data2, std::size_t size2, std::uint8_t* out,
                                 std::size_t max_out_size, unsigned int seed) {
  Rng rng(seed);
  const Parts<16> first =
      split_field_views(std::string_view(reinterpret_cast<const char*>(data1), size1));
  const Parts<16> second =
      split_field_views(std::string_view(reinterpret_cast<const char*>(data2), size2));
  const std::size_t count = rng.one_in(2) ? first.count : second.count;
  Parts<16> fields;
  for (std::size_t i = 0; i < count; ++i) {
    const bool from_first = rng.one_in(2);
    const Parts<16>& source = from_first ? first : second;
    const Parts<16>& other = from_first ? second : first;
    if (i < source.count)
      fields.add(source.items[i]);
    else if (i < other.count)
      fields.add(other.items[i]);
  }
  // The boards rank by rank.
  Parts<16> ranks;
  const bool mix_ranks = fields.count > 0 && first.count > 0 && second.count > 0 && rng.one_in(2);
  if (mix_ranks) {
    const Parts<16> ranks1 = split_rank_views(first.items[0]);
    const Parts<16> ranks2 = split_rank_views(second.items[0]);
    for (std::size_t i = 0; i < std::max(ranks1.count, ranks2.count); ++i) {
      const Parts<16>& source = rng.one_in(2) ? ranks1 : ranks2;
      if (i < source.count) ranks.add(source.items[i]);
    }
  }
  Output text(out, max_out_size);
  for (std::size_t i = 0; i < fields.count; ++i) {
    if (i > 0 && !text.append(" ")) return 0;
    if (i == 0 && mix_ranks) {
      for (std::size_t r = 0; r < ranks.count; ++r)
        if ((r > 0 && !text.append("/")) || !text.append(ranks.items[r])) return 0;
    } else if (!text.append(fields.items[i])) {
      return 0;
    }
  }
  return text.size();
}

}  // namespace xfen::fuzz

#if defined(__clang__)
#pragma clang attribute pop
#endif

#if defined(XFEN_FUZZ_STRUCTURE_MUTATOR_HOOKS)
// libFuzzer's entry points. LLVMFuzzerMutate exists only in binaries linked with -fsanitize=fuzzer.
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  return xfen::fuzz::mutate_structure(data, size, max_size, seed, &LLVMFuzzerMutate);
}

extern "C" std::size_t LLVMFuzzerCustomCrossOver(const std::uint8_t* data1, std::size_t size1,
                                                 const std::uint8_t* data2, std::size_t size2,
                                                 std::uint8_t* out, std::size_t max_out_size,
                                                 unsigned int seed) {
  return xfen::fuzz::cross_over_structure(data1, size1, data2, size2, out, max_out_size, seed);
}
#endif
