// The simple model of strict X-FEN: see simple_model.hpp. Every rule cites its SPEC paragraph.
// The board is held as eight strings of piece letters and '.', rank 8 first (as in the record).
#include "simple_model.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace simple_model {
namespace {

Verdict reject(const std::string& field, const std::string& code, std::size_t offset) {
  Verdict verdict;
  verdict.accepted = false;
  verdict.field = field;
  verdict.code = code;
  verdict.offset = offset;
  return verdict;
}

// Splits on every separator: "a  b" gives "a", "", "b"; "" gives one empty part.
std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string current;
  for (const char c : text) {
    if (c == separator) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

bool is_piece_letter(char c) {
  const std::string letters = "KQRBNPACkqrbnpac";
  return letters.find(c) != std::string::npos;
}

// The board as read: rows[0] is rank 8, rows[7] rank 1; '.' is an empty square.
struct Board {
  std::vector<std::string> rows;
  std::size_t width = 0;

  // `rank` counts from 1 as on the board, `file` from 0 (the a-file).
  char at(std::size_t file, int rank) const {
    return rows[static_cast<std::size_t>(8 - rank)][file];
  }
};

// R2. Reads the board field, which starts at `start` in the record. False with `error` set on the
// first error, reading left to right.
bool read_board(const std::string& text, std::size_t start, Board& board, Verdict& error) {
  const std::vector<std::string> ranks = split(text, '/');
  std::size_t rank_start = start;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    if (r == 8) {  // R2.1: a ninth rank, at the '/' that starts it
      error = reject("board", "board.rank-count", rank_start - 1);
      return false;
    }
    const std::string& rank = ranks[r];
    const bool rank_8 = r == 0;
    // R2.4: rank 8 may grow to 10 squares, the others to the width rank 8 fixed.
    const std::size_t limit = rank_8 ? 10 : board.width;
    const std::string too_wide = rank_8 ? "board.width" : "board.rank-width";
    std::string squares;
    std::size_t i = 0;
    while (i < rank.size()) {
      const char c = rank[i];
      if (is_digit(c)) {
        // R2.3: a maximal run of digits, 1..10 without a leading zero.
        std::size_t j = i;
        while (j < rank.size() && is_digit(rank[j])) ++j;
        const std::string run = rank.substr(i, j - i);
        std::size_t count = 0;
        for (std::size_t n = 1; n <= 10; ++n)
          if (run == std::to_string(n)) count = n;
        if (count == 0) {
          error = reject("board", "board.bad-count", rank_start + i);
          return false;
        }
        if (squares.size() + count > limit) {
          error = reject("board", too_wide, rank_start + i);
          return false;
        }
        squares.append(count, '.');
        i = j;
      } else if (is_piece_letter(c)) {  // R2.2
        if (squares.size() + 1 > limit) {
          error = reject("board", too_wide, rank_start + i);
          return false;
        }
        squares += c;
        ++i;
      } else {
        error = reject("board", "board.bad-char", rank_start + i);
        return false;
      }
    }
    const std::size_t rank_end = rank_start + rank.size();  // its '/' or the end of the field
    if (rank_8) {
      if (squares.size() != 8 && squares.size() != 10) {
        error = reject("board", "board.width", rank_end);
        return false;
      }
      board.width = squares.size();
    } else if (squares.size() != board.width) {
      error = reject("board", "board.rank-width", rank_end);
      return false;
    }
    board.rows.push_back(squares);
    rank_start = rank_end + 1;
  }
  if (ranks.size() < 8) {  // R2.1: fewer than eight, at the end of the field
    error = reject("board", "board.rank-count", start + text.size());
    return false;
  }
  return true;
}

// R7.1
std::string write_board(const Board& board) {
  std::string out;
  for (std::size_t r = 0; r < 8; ++r) {
    if (r > 0) out += '/';
    std::size_t empty = 0;
    for (const char c : board.rows[r]) {
      if (c == '.') {
        ++empty;
      } else {
        if (empty > 0) out += std::to_string(empty);
        empty = 0;
        out += c;
      }
    }
    if (empty > 0) out += std::to_string(empty);
  }
  return out;
}

// Colours: 0 White, 1 Black. Sides: 0 the h-side (K), 1 the a-side (Q).
int back_rank(int colour) { return colour == 0 ? 1 : 8; }
char rook_letter(int colour) { return colour == 0 ? 'R' : 'r'; }
char king_letter(int colour) { return colour == 0 ? 'K' : 'k'; }

// The file of the colour's king on its back rank when there is exactly one, else -1.
int king_file(const Board& board, int colour) {
  int found = -1;
  int kings = 0;
  for (std::size_t f = 0; f < board.width; ++f) {
    if (board.at(f, back_rank(colour)) == king_letter(colour)) {
      ++kings;
      found = static_cast<int>(f);
    }
  }
  return kings == 1 ? found : -1;
}

// R4.2: the outermost rook of the colour on `side` of its king, or -1.
int outermost_rook(const Board& board, int colour, int side) {
  const int king = king_file(board, colour);
  if (king < 0) return -1;
  const int width = static_cast<int>(board.width);
  int found = -1;
  if (side == 0) {
    for (int f = king + 1; f < width; ++f)  // the last one found is the highest file
      if (board.at(static_cast<std::size_t>(f), back_rank(colour)) == rook_letter(colour)) found = f;
  } else {
    for (int f = king - 1; f >= 0; --f)  // the last one found is the lowest file
      if (board.at(static_cast<std::size_t>(f), back_rank(colour)) == rook_letter(colour)) found = f;
  }
  return found;
}

struct Castling {
  char prefix = 0;                          // 0, 's' or 'm'
  int rook[2][2] = {{-1, -1}, {-1, -1}};    // [colour][side]: the rook's file, or -1
};

// R4. The field starts at `start`.
bool read_castling(const std::string& text, std::size_t start, const Board& board,
                   Castling& castling, Verdict& error) {
  if (text == "-") return true;
  if (text[0] == '-') {  // '-' followed by anything: the byte after it
    error = reject("castling", "castling.bad-char", start + 1);
    return false;
  }
  std::size_t i = 0;
  if (text[0] == 's' || text[0] == 'm') {
    castling.prefix = text[0];
    if (text.size() == 1) {
      error = reject("castling", "castling.empty-prefix", start);
      return false;
    }
    i = 1;
  }
  for (; i < text.size(); ++i) {
    const char c = text[i];
    const std::size_t at = start + i;
    int colour = 0;
    bool by_side = false;  // K/Q rather than a file letter
    int side = 0;
    int file = -1;
    if (c == 'K' || c == 'Q' || c == 'k' || c == 'q') {
      colour = (c == 'K' || c == 'Q') ? 0 : 1;
      by_side = true;
      side = (c == 'K' || c == 'k') ? 0 : 1;
    } else if (c >= 'A' && c <= 'J') {
      colour = 0;
      file = c - 'A';
    } else if (c >= 'a' && c <= 'j') {
      colour = 1;
      file = c - 'a';
    } else {
      error = reject("castling", "castling.bad-char", at);
      return false;
    }
    if (!by_side && file >= static_cast<int>(board.width)) {
      error = reject("castling", "castling.file-off-board", at);
      return false;
    }
    const int king = king_file(board, colour);
    if (king < 0) {
      error = reject("castling", "castling.no-king", at);
      return false;
    }
    if (by_side) {
      file = outermost_rook(board, colour, side);
      if (file < 0) {
        error = reject("castling", "castling.no-rook", at);
        return false;
      }
    } else {
      if (board.at(static_cast<std::size_t>(file), back_rank(colour)) != rook_letter(colour)) {
        error = reject("castling", "castling.no-rook", at);
        return false;
      }
      side = file > king ? 0 : 1;
    }
    const int already = castling.rook[colour][side];
    if (already == file) {
      error = reject("castling", "castling.duplicate", at);
      return false;
    }
    if (already != -1) {
      error = reject("castling", "castling.same-side", at);
      return false;
    }
    castling.rook[colour][side] = file;
  }
  return true;
}

// R7.2, R7.3
std::string write_castling(const Board& board, const Castling& castling) {
  std::string out;
  for (int colour = 0; colour < 2; ++colour) {
    for (int side = 0; side < 2; ++side) {
      const int file = castling.rook[colour][side];
      if (file < 0) continue;
      char letter = 0;
      if (file == outermost_rook(board, colour, side))
        letter = side == 0 ? 'K' : 'Q';
      else
        letter = static_cast<char>('A' + file);
      if (colour == 1) letter = static_cast<char>(letter - 'A' + 'a');
      out += letter;
    }
  }
  if (out.empty()) return "-";
  if (castling.prefix != 0) out = std::string(1, castling.prefix) + out;
  return out;
}

// R5. `white_to_move` from the side field. `file` and `rank` are set when there is a square.
bool read_en_passant(const std::string& text, std::size_t start, const Board& board,
                     bool white_to_move, int& file, int& rank, Verdict& error) {
  file = -1;
  rank = -1;
  if (text == "-") return true;
  if (text.size() != 2 || !is_lower(text[0]) || text[1] < '1' || text[1] > '8') {
    error = reject("en-passant", "en-passant.syntax", start);
    return false;
  }
  const int f = text[0] - 'a';
  const int r = text[1] - '0';
  if (f >= static_cast<int>(board.width)) {
    error = reject("en-passant", "en-passant.off-board", start);
    return false;
  }
  const std::size_t uf = static_cast<std::size_t>(f);
  // White to move: Black pushed from rank 7 to rank 5 over rank 6. Black to move: mirrored.
  const int square_rank = white_to_move ? 6 : 3;
  const int pawn_rank = white_to_move ? 5 : 4;
  const int origin_rank = white_to_move ? 7 : 2;
  const char pushed_pawn = white_to_move ? 'p' : 'P';
  if (r != square_rank) {
    error = reject("en-passant", "en-passant.wrong-rank", start);
    return false;
  }
  if (board.at(uf, pawn_rank) != pushed_pawn) {
    error = reject("en-passant", "en-passant.no-pawn", start);
    return false;
  }
  if (board.at(uf, square_rank) != '.' || board.at(uf, origin_rank) != '.') {
    error = reject("en-passant", "en-passant.occupied", start);
    return false;
  }
  file = f;
  rank = r;
  return true;
}

// R7.4
std::string write_en_passant(const Board& board, bool white_to_move, int file, int rank) {
  if (file < 0) return "-";
  const int pawn_rank = white_to_move ? 5 : 4;
  const char capturer = white_to_move ? 'P' : 'p';
  bool written = false;
  for (int f = file - 1; f <= file + 1; f += 2) {
    if (f < 0 || f >= static_cast<int>(board.width)) continue;
    if (board.at(static_cast<std::size_t>(f), pawn_rank) == capturer) written = true;
  }
  if (!written) return "-";
  return std::string(1, static_cast<char>('a' + file)) + static_cast<char>('0' + rank);
}

// R6: "syntax", "range" or "" (fine), for a counter whose smallest value is `minimum`.
std::string check_counter(const std::string& text, unsigned long long minimum) {
  if (text.empty()) return "syntax";
  for (const char c : text)
    if (!is_digit(c)) return "syntax";
  if (text.size() > 1 && text[0] == '0') return "syntax";
  if (text.size() > 10) return "range";
  unsigned long long value = 0;
  for (const char c : text) value = value * 10 + static_cast<unsigned long long>(c - '0');
  if (value < minimum || value > 2147483647ULL) return "range";
  return "";
}

}  // namespace

Verdict read_strict(const std::string& record) {
  // R1.1, in its order.
  if (record.empty()) return reject("record", "record.empty", 0);
  for (std::size_t i = 0; i < record.size(); ++i) {
    const char c = record[i];
    if (c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f')
      return reject("record", "record.whitespace", i);
  }
  const std::vector<std::string> fields = split(record, ' ');
  std::vector<std::size_t> starts;
  std::size_t at = 0;
  for (const std::string& field : fields) {
    starts.push_back(at);
    at += field.size() + 1;
  }
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (fields[k].empty()) return reject("record", "record.separator", starts[k]);
  if (fields.size() < 6) return reject("record", "record.missing-field", record.size());
  if (fields.size() > 6) return reject("record", "record.extra-field", starts[6]);

  // R1.2: the fields left to right.
  Verdict error;
  Board board;
  if (!read_board(fields[0], starts[0], board, error)) return error;

  if (fields[1] != "w" && fields[1] != "b")  // R3
    return reject("side-to-move", "side.invalid", starts[1]);
  const bool white_to_move = fields[1] == "w";

  Castling castling;
  if (!read_castling(fields[2], starts[2], board, castling, error)) return error;

  int ep_file = -1;
  int ep_rank = -1;
  if (!read_en_passant(fields[3], starts[3], board, white_to_move, ep_file, ep_rank, error))
    return error;

  const std::string halfmove = check_counter(fields[4], 0);
  if (!halfmove.empty()) return reject("halfmove-clock", "halfmove." + halfmove, starts[4]);
  const std::string fullmove = check_counter(fields[5], 1);
  if (!fullmove.empty()) return reject("fullmove-number", "fullmove." + fullmove, starts[5]);

  // R7: the counters are written as read (no sign, no leading zero, in range).
  Verdict verdict;
  verdict.accepted = true;
  verdict.canonical = write_board(board) + " " + fields[1] + " " + write_castling(board, castling) +
                      " " + write_en_passant(board, white_to_move, ep_file, ep_rank) + " " +
                      fields[4] + " " + fields[5];
  return verdict;
}

std::string describe(const Verdict& verdict) {
  if (verdict.accepted) return "accept " + verdict.canonical;
  return "reject " + verdict.field + " " + verdict.code + "@" + std::to_string(verdict.offset);
}

}  // namespace simple_model
