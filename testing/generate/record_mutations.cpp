#include "generate/record_mutations.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "generate/variants.hpp"

namespace xfen::generate {

std::string_view mutation_name(MutationKind kind) noexcept {
  switch (kind) {
    case MutationKind::none: return "none";
    case MutationKind::byte_changed: return "byte-changed";
    case MutationKind::byte_inserted: return "byte-inserted";
    case MutationKind::byte_deleted: return "byte-deleted";
    case MutationKind::token_changed: return "token-changed";
    case MutationKind::field_replaced: return "field-replaced";
  }
  return "?";
}

namespace {

// The bytes that mean something in each field, and anywhere: digits, '/', ' ', '-', piece
// letters, castling letters and prefixes, file letters a-j and A-J, the side's letters.
constexpr std::string_view kBoardBytes = "0123456789/KQRBNPkqrbnpACac";
constexpr std::string_view kSideBytes = "wbWB-";
constexpr std::string_view kCastlingBytes = "KQkq-smABCDEFGHIJabcdefghij";
constexpr std::string_view kEnPassantBytes = "-abcdefghij0123456789";
constexpr std::string_view kCounterBytes = "0123456789-+";
constexpr std::string_view kMeaningfulBytes = "0123456789/ -KQRBNPkqrbnpACacwbsmdefghijDEFGHIJ";

constexpr std::array<std::string_view, 12> kSquareCounts = {"1", "2", "3", "4",  "5", "6",
                                                            "7", "8", "9", "10", "0", "11"};
constexpr std::string_view kPieceLetters = "KQRBNPkqrbnpACac";

enum class TokenClass : std::uint8_t { square_count, piece, castling_letter };

struct Token {
  std::size_t start = 0;
  std::size_t length = 0;
  TokenClass token_class{};
};

char element_of(Choices& choices, std::string_view bytes) {
  return bytes[choices.pick(static_cast<std::uint32_t>(bytes.size()))];
}

// Where each field starts, and how long it is: the bytes up to the next space or the end.
struct FieldSpan {
  std::size_t start = 0;
  std::size_t length = 0;
};

std::vector<FieldSpan> field_spans(const std::string& record) {
  std::vector<FieldSpan> spans;
  std::size_t start = 0;
  for (;;) {
    const std::size_t space = std::min(record.find(' ', start), record.size());
    spans.push_back({start, space - start});
    if (space == record.size()) return spans;
    start = space + 1;
  }
}

// A field, the board most often; castling and en passant, where the notation is richest, next.
std::size_t mutated_field(Choices& choices, std::size_t fields) {
  return std::min(choices.weighted({3, 1, 2, 2, 1, 1}), fields - 1);
}

std::string_view bytes_meaningful_in(int field) {
  switch (field) {
    case 0: return kBoardBytes;
    case 1: return kSideBytes;
    case 2: return kCastlingBytes;
    case 3: return kEnPassantBytes;
    default: return kCounterBytes;
  }
}

// A byte for `field`: mostly one that means something there, sometimes one that means
// something elsewhere, sometimes any byte at all (control bytes and bytes above 0x7F included).
char byte_for(Choices& choices, int field) {
  switch (choices.weighted({4, 2, 1})) {
    case 0: return element_of(choices, bytes_meaningful_in(field));
    case 1: return element_of(choices, kMeaningfulBytes);
    default: return static_cast<char>(choices.pick(256));
  }
}

// The runs of the board (square counts and piece letters), or the letters of the castling field.
std::vector<Token> tokens_of(const std::string& record, const FieldSpan& field, bool board) {
  std::vector<Token> tokens;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const std::size_t end = field.start + field.length;
  for (std::size_t at = field.start; at < end;) {
    if (board && is_digit(record[at])) {
      const std::size_t start = at;
      while (at < end && is_digit(record[at])) ++at;
      tokens.push_back({start, at - start, TokenClass::square_count});
    } else {
      if (!board) tokens.push_back({at, 1, TokenClass::castling_letter});
      else if (record[at] != '/') tokens.push_back({at, 1, TokenClass::piece});
      ++at;
    }
  }
  return tokens;
}

std::string replacement_token(Choices& choices, TokenClass token_class) {
  switch (token_class) {
    case TokenClass::square_count: return std::string(choices.element(kSquareCounts));
    case TokenClass::piece: return std::string(1, element_of(choices, kPieceLetters));
    case TokenClass::castling_letter: return std::string(1, element_of(choices, kCastlingBytes));
  }
  return {};
}

Mutation replace_field(Choices& choices, std::string& record,
                       const std::function<std::string(Choices&)>& another_record) {
  std::vector<std::string> fields = split_fields(record);
  const std::size_t index = mutated_field(choices, fields.size());
  const std::size_t source = choices.weighted({2, 1, 1});
  if (source == 0) {
    fields[index] = std::string(choices.element(kInterestingFields));
  } else {
    // The same field of another record (a castling field that names other rooks, a board with
    // other pawns beside the en passant square), or any of its fields out of place.
    const std::vector<std::string> other = split_fields(another_record(choices));
    const std::size_t taken = source == 1 ? index : choices.pick(static_cast<std::uint32_t>(other.size()));
    fields[index] = taken < other.size() ? other[taken] : std::string();
  }
  record = join_fields(fields);
  return {MutationKind::field_replaced, static_cast<int>(index)};
}

// Archbishop and chancellor letters in the board field become their bishop and rook parts.
void without_compound_pieces(std::string& record) {
  const std::size_t board_end = std::min(record.find(' '), record.size());
  for (std::size_t at = 0; at < board_end; ++at) {
    char& c = record[at];
    if (c == 'A') c = 'B';
    else if (c == 'a') c = 'b';
    else if (c == 'C') c = 'R';
    else if (c == 'c') c = 'r';
  }
}

}  // namespace

Mutation mutate(Choices& choices, std::string& record, const MutationLimits& limits,
                const std::function<std::string(Choices&)>& another_record) {
  const std::string before = record;
  Mutation done;
  const auto kind = static_cast<MutationKind>(choices.weighted({5, 1, 1, 1, 1, 1}));
  // Each edit is placed within a field, never at an offset into the whole record: while the
  // shrinker simplifies the board, an edit of the castling field stays on the castling field.
  const std::vector<FieldSpan> fields = field_spans(record);
  switch (kind) {
    case MutationKind::none:
      return done;
    case MutationKind::byte_changed:
    case MutationKind::byte_deleted:
    case MutationKind::byte_inserted: {
      done.field = static_cast<int>(mutated_field(choices, fields.size()));
      const FieldSpan& field = fields[static_cast<std::size_t>(done.field)];
      // A field's bytes and the space after it (a place before each, or at its end, to insert).
      const bool last = static_cast<std::size_t>(done.field) + 1 == fields.size();
      const std::size_t places = field.length + (kind == MutationKind::byte_inserted || !last ? 1 : 0);
      if (places == 0) return Mutation{};
      const std::size_t offset = field.start + choices.pick(static_cast<std::uint32_t>(places));
      done.kind = kind;
      if (kind == MutationKind::byte_deleted) record.erase(offset, 1);
      else if (kind == MutationKind::byte_changed) record[offset] = byte_for(choices, done.field);
      else record.insert(offset, 1, byte_for(choices, done.field));
      break;
    }
    case MutationKind::token_changed: {
      constexpr std::size_t kCastlingField = 2;
      const bool board = !choices.boolean() || fields.size() <= kCastlingField;
      const std::vector<Token> tokens = tokens_of(record, fields[board ? 0 : kCastlingField], board);
      if (tokens.empty()) return done;
      const Token& token = choices.element(tokens);
      done = {kind, board ? 0 : static_cast<int>(kCastlingField)};
      record.replace(token.start, token.length, replacement_token(choices, token.token_class));
      break;
    }
    case MutationKind::field_replaced:
      done = replace_field(choices, record, another_record);
      break;
  }
  if (!limits.compound_pieces) without_compound_pieces(record);
  if (record == before) return Mutation{};
  return done;
}

}  // namespace xfen::generate
