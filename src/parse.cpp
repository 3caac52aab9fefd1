#include "xfen/parse.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

#include "back_rank.hpp"
#include "board_scan.hpp"
#include "castling_scan.hpp"
#include "byte_words.hpp"
#include "parse_with.hpp"
#include "en_passant_diagnostic.hpp"
#include "xfen/en_passant.hpp"

// The full record's reader is the hot path, and is to be compiled as if it were the only layout
// (see RecordReader::read): with the field readers inlined into it, and the shorter layouts'
// readers, which call them too, out of it. Compilers other than GCC and Clang decide alone.
#if defined(__GNUC__)
#define XFEN_ALWAYS_INLINE [[gnu::always_inline]]
#define XFEN_NEVER_INLINE [[gnu::noinline]]
#else
#define XFEN_ALWAYS_INLINE
#define XFEN_NEVER_INLINE
#endif

namespace xfen {
namespace {

constexpr auto kFieldCount = static_cast<int>(kRecordFields);
constexpr auto kEpdFieldCount = static_cast<int>(field_count(RecordFields::epd));
constexpr auto kBoardFieldCount = static_cast<int>(field_count(RecordFields::board));
constexpr std::uint32_t kNotFound = std::numeric_limits<std::uint32_t>::max();

// A table, not a search of kLenientWhiteSpace: lenient reading asks this of every byte.
consteval std::array<bool, 256> make_space_table() noexcept {
  std::array<bool, 256> table{};
  for (const char c : kLenientWhiteSpace) table[static_cast<unsigned char>(c)] = true;
  return table;
}
constexpr std::array<bool, 256> kIsSpace = make_space_table();

constexpr bool is_space(char c) noexcept { return kIsSpace[static_cast<unsigned char>(c)]; }
constexpr bool is_control_space(char c) noexcept { return c != ' ' && is_space(c); }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

using Span = FieldSpan;

// Reads one record into a ParseResult. Every failure goes through fail() and every relaxation
// through relax(), so that strict and lenient reading differ in one place per rule.
class RecordReader {
 public:
  RecordReader(std::string_view text, const ParseOptions& options,
               detail::Readers readers, ParseResult& result) noexcept
      : text_(text), lenient_(options.profile == Profile::lenient), layout_(options.fields),
        fast_paths_(readers == detail::Readers::fast_paths_first),
        warning_sink_(&options.warning_sink), result_(result), position_(result.position),
        fields_(result.fields) {}

  void read() noexcept {
    // Offsets are 32-bit; no real record comes near, so refuse rather than wrap.
    if (text_.size() >= kNotFound) {
      fail({.code = Code::record_too_long});
      return;
    }
    // The full record's field count is a constant in its reader, and the shorter layouts are
    // read in a function of their own, so that the hot path is no slower for their existence.
    const bool read =
        layout_ == RecordFields::full ? read_layout<kFieldCount>() : read_shorter_layout();
    if (read) result_.field_count = static_cast<std::uint8_t>(field_count_);
  }

 private:
  static Diagnostic at(Code code, Span span) noexcept {
    return {.code = code, .offset = span.begin, .length = span.size()};
  }
  static Diagnostic at(Code code, std::uint32_t offset, std::uint32_t length) noexcept {
    return {.code = code, .offset = offset, .length = length};
  }

  bool fail(Diagnostic diagnostic) noexcept {
    diagnostic.severity = Severity::error;
    result_.error = diagnostic;
    return false;
  }

  // In the lenient profile: record the relaxation and go on (true). In the strict profile the
  // same finding is the error (false).
  bool relax(Diagnostic diagnostic) noexcept {
    if (!lenient_) return fail(diagnostic);
    diagnostic.severity = Severity::warning;
    result_.warnings.push(diagnostic);
    (*warning_sink_)(diagnostic);
    return true;
  }

  XFEN_ALWAYS_INLINE bool read_field(std::size_t index) noexcept {
    Span& field = fields_[index];
    switch (index) {
      case 0: return read_board(field);
      case 1: return read_side(field);
      case 2: return read_castling(field);
      case 3: return read_en_passant(field);
      case 4:
        return read_counter(field, Code::halfmove_syntax, Code::halfmove_range, 0,
                            position_.halfmove_clock);
      default:
        return read_counter(field, Code::fullmove_syntax, Code::fullmove_range, 1,
                            position_.fullmove_number);
    }
  }

  // A record of `kFields` fields; the fields after them keep the defaults of Position.
  template <int kFields>
  bool read_layout() noexcept {
    if (lenient_) {
      // A record the strict profile accepts, the lenient one reads the same, with nothing to
      // relax. So the strict reader, much the faster, goes first, relaxing nothing; only a
      // record it refuses is read again, from the start, leniently.
      lenient_ = false;
      const bool strict = read_strict<kFields>();
      lenient_ = true;
      if (strict) return true;
      start_again();
      return read_lenient<kFields>();
    }
    if (read_strict<kFields>()) return true;
    // The first error in a record is a structural one when there is any (SPEC R1.1): the
    // whole record's structure is checked, and a structural error replaces the field's.
    split_strict(kFields);
    return false;
  }

  // Forgets what a failed strict reading wrote. Not the fields: lenient reading finds every
  // field a strict split found (one space is a lenient separator too, and a strict field holds no
  // space), so it writes them all again, and those after them stay unset. Nor the back ranks,
  // which read_castling reads afresh before any token needs them.
  void start_again() noexcept {
    position_ = Position{};
    result_.error = {};
    field_count_ = 0;
  }

  XFEN_NEVER_INLINE bool read_shorter_layout() noexcept {
    return layout_ == RecordFields::epd ? read_layout<kEpdFieldCount>()
                                        : read_layout<kBoardFieldCount>();
  }

  // The fast path: one pass that finds the fields while reading them. It fails on any
  // structural problem with a stand-in code; split_strict() then finds the real one.
  template <int kFields>
  bool read_strict() noexcept {
    const auto size = static_cast<std::uint32_t>(text_.size());
    fields_[0] = {0, size};
    if (!read_board(fields_[0])) return false;
    if constexpr (kFields > 1) {
      const bool split = size - fields_[0].end <= kTailWindow && size >= kTailWindow
                             ? split_tail<kFields>(size)
                             : split_bytewise<kFields>(size);
      if (!split) return fail({.code = Code::record_separator});
    } else if (fields_[0].end != size) {
      return fail({.code = Code::record_separator});
    }
    field_count_ = kFields;
    // Unrolled, each field's reader in line: as a loop, the switch in read_field stayed.
    return [this]<std::size_t... kField>(std::index_sequence<kField...>) {
      return (read_field(kField + 1) && ...);
    }(std::make_index_sequence<static_cast<std::size_t>(kFields) - 1>{});
  }

  // The fields after the board (which ends at fields_[0].end), one byte at a time. False when
  // they are not kFields - 1 fields, each after one space.
  template <int kFields>
  bool split_bytewise(std::uint32_t size) noexcept {
    std::uint32_t end = fields_[0].end;
    for (std::size_t field = 1; field < kFields; ++field) {
      // The board reader stops at the first space or at the end: only the end can be here.
      if (end == size) return false;
      const std::uint32_t start = end + 1;
      end = start;
      while (end < size && text_[end] != ' ') ++end;
      if (end == start) return false;
      fields_[field] = {start, end};
    }
    return end == size;
  }

  // The same, when the board's end is among the record's last kTailWindow bytes, as it is in
  // nearly every record: their spaces are found two words at a time, and a field's ends are
  // then the positions of the spaces, with no loop over the bytes to mispredict.
  static constexpr std::uint32_t kTailWindow = 16;
  template <int kFields>
  bool split_tail(std::uint32_t size) noexcept {
    if constexpr (!detail::kByteWords) return split_bytewise<kFields>(size);
    const std::uint32_t window = size - kTailWindow;
    const char* const bytes = text_.data() + window;
    std::uint32_t spaces =
        detail::gather_marks(detail::bytes_equal_to(detail::load_word(bytes), ' ')) |
        (detail::gather_marks(detail::bytes_equal_to(detail::load_word(bytes + 8), ' ')) << 8);
    // The board ends at the first space (or the end, and then there are none here): the first
    // space is the board's. No two in a row, none last, one before each field.
    // (Counted as they are taken: std::popcount is a library call on the x86-64 baseline.)
    if ((spaces & (spaces >> 1)) != 0 || (spaces & (1u << (kTailWindow - 1))) != 0) return false;
    for (std::size_t field = 1; field < kFields; ++field) {
      if (spaces == 0) return false;
      const auto start = window + static_cast<std::uint32_t>(std::countr_zero(spaces)) + 1;
      spaces &= spaces - 1;
      set_field(field, start,
                spaces == 0 ? size : window + static_cast<std::uint32_t>(std::countr_zero(spaces)));
    }
    return spaces == 0;
  }

  // Both ends in one store: a field read back whole, as a Span passed by value is, from two
  // stores of four bytes cannot be forwarded to the load, which then waits for them to be written.
  void set_field(std::size_t field, std::uint32_t begin, std::uint32_t end) noexcept {
    const std::uint64_t ends = begin | (std::uint64_t{end} << 32);
    static_assert(sizeof(Span) == sizeof ends && offsetof(Span, end) == sizeof(std::uint32_t));
    fields_[field] = std::bit_cast<Span>(ends);
  }

  // `wanted`: the layout's field count.
  bool split_strict(int wanted) noexcept {
    const auto size = static_cast<std::uint32_t>(text_.size());
    if (size == 0) return fail(at(Code::record_empty, 0, 0));
    std::uint32_t first_control = kNotFound;
    std::uint32_t first_empty = kNotFound;
    std::uint32_t first_extra = kNotFound;
    std::uint32_t start = 0;
    int count = 0;
    for (std::uint32_t i = 0; i <= size; ++i) {
      const char c = i < size ? text_[i] : ' ';
      if (static_cast<unsigned char>(c) > ' ') continue;
      if (c != ' ') {
        if (is_control_space(c) && first_control == kNotFound) first_control = i;
        continue;
      }
      if (i == start && first_empty == kNotFound) first_empty = start;
      if (count == wanted) first_extra = start;
      if (count <= wanted) ++count;  // one past says "too many"; counting on could overflow
      start = i + 1;
    }
    if (first_control != kNotFound) return fail(at(Code::record_whitespace, first_control, 1));
    if (first_empty != kNotFound) return fail(at(Code::record_separator, first_empty, 0));
    if (count < wanted)
      return fail({.code = Code::record_missing_field, .offset = size, .found = count,
                   .limit = wanted});
    if (count > wanted) {
      const auto end = text_.find(' ', first_extra);
      return fail(extra_field(
          {first_extra, end == std::string_view::npos ? size : static_cast<std::uint32_t>(end)},
          wanted));
    }
    field_count_ = wanted;
    return true;
  }

  // The first field past the layout's `wanted` fields; the sentence names the count.
  static Diagnostic extra_field(Span field, int wanted) noexcept {
    Diagnostic problem = at(Code::record_extra_field, field);
    problem.limit = wanted;
    return problem;
  }

  // Warnings come in input order, so that when more arise than are kept, the first ones are:
  // each white-space run is reported just before the field that follows it.
  template <int kFields>
  bool read_lenient() noexcept {
    const auto size = static_cast<std::uint32_t>(text_.size());
    // gaps[k]: the white space before field k
    std::array<Span, static_cast<std::size_t>(kFields) + 1> gaps{};
    std::uint32_t i = 0;
    while (true) {
      const std::uint32_t gap = i;
      while (i < size && is_space(text_[i])) ++i;
      gaps[static_cast<std::size_t>(field_count_)] = {gap, i};
      if (i == size) break;
      const std::uint32_t start = i;
      while (i < size && !is_space(text_[i])) ++i;
      // An extra field is still an error: lenient reading fills in what is missing, but never
      // guesses which of too many fields to drop (EPD operations are the caller's to split off).
      if (field_count_ == kFields) return fail(extra_field({start, i}, kFields));
      fields_[static_cast<std::size_t>(field_count_++)] = {start, i};
    }
    if (field_count_ == 0) return fail(at(Code::record_empty, 0, 0));
    const auto count = static_cast<std::size_t>(field_count_);
    for (std::size_t field = 0; field < count; ++field) {
      relax_white_space(gaps[field], field == 0);
      if (!read_field(field)) return false;
    }
    relax_white_space(gaps[count], true);
    if (field_count_ < kFields)
      relax({.code = Code::record_missing_field, .offset = fields_[count - 1].end,
             .found = field_count_, .limit = kFields});
    return true;
  }

  // Only a single space between two fields is what strict reading wants.
  void relax_white_space(Span gap, bool at_an_end) noexcept {
    if (gap.size() == 0) return;
    const std::string_view run = text_.substr(gap.begin, gap.size());
    if (!at_an_end && run == " ") return;
    const bool control = std::any_of(run.begin(), run.end(), is_control_space);
    relax(at(control ? Code::record_whitespace : Code::record_separator, gap));
  }

  // Reads the board up to the end of `field` or the first space, and ends `field` there.
  bool read_board(Span& field) noexcept {
    if (!fast_paths_) return read_board_precisely(field);
    const detail::ScannedBoard scanned =
        detail::scan_board(text_, field.begin, field.end, position_.board);
    if (!scanned.ok) return read_board_precisely(field);
    field.end = scanned.end;
    position_.width = scanned.width;
    return true;
  }

  // The reader that finds the exact error, for boards the fast scan declined.
  bool read_board_precisely(Span& field) noexcept {
    const char* const text = text_.data();
    int rank = kRanks - 1;
    int file = 0;
    int width = 0;          // fixed once rank 8 is read
    int limit = kMaxFiles;  // the most squares the current rank may have
    Piece* row = &position_.board[make_square(0, rank).index()];
    // Locals, not members: a Piece store may alias anything, which would force reloads.
    const std::uint32_t field_end = field.end;
    for (std::uint32_t i = field.begin; i < field_end; ++i) {
      const char c = text[i];
      if (const Piece piece = Piece::from_letter(c); !piece.empty()) {
        if (file >= limit) return fail(too_wide(rank, width, file + 1, at(Code::ok, i, 1)));
        row[file++] = piece;
        continue;
      }
      if (c >= '1' && c <= '9' && !(i + 1 < field_end && is_digit(text[i + 1]))) {
        file += c - '0';
        if (file > limit) return fail(too_wide(rank, width, file, at(Code::ok, i, 1)));
        continue;
      }
      if (c == '/') {
        if (!finish_rank(rank, file, width, at(Code::ok, i, 1))) return false;
        // A slash after rank 1 begins a ninth rank.
        if (rank == 0) return fail({.code = Code::board_rank_count, .offset = i, .length = 1,
                                    .found = kRanks + 1, .limit = kRanks});
        limit = width;
        row -= kMaxFiles;
        --rank;
        file = 0;
        continue;
      }
      if (is_digit(c)) {
        std::uint32_t end = i + 1;
        while (end < field_end && is_digit(text[end])) ++end;
        const int count = empty_count(i, end);
        if (count < 0) return false;
        if (file + count > limit)
          return fail(too_wide(rank, width, file + count, at(Code::ok, i, end - i)));
        file += count;
        i = end - 1;
        continue;
      }
      if (c != ' ') return fail(at(Code::board_bad_char, i, 1));
      field.end = i;
      break;
    }
    if (!finish_rank(rank, file, width, at(Code::ok, field.end, 0))) return false;
    if (rank != 0)
      return fail({.code = Code::board_rank_count, .offset = field.end, .found = kRanks - rank,
                   .limit = kRanks});
    position_.width = static_cast<std::uint8_t>(width);
    return true;
  }

  // The value of the digit run [begin, end): 1..10 without leading zero, or in the lenient
  // profile the sum of its digits. -1 after a failure.
  int empty_count(std::uint32_t begin, std::uint32_t end) noexcept {
    const char first = text_[begin];
    // Single digits 1..9 never come here: the board readers take them on their own.
    if (end - begin == 2 && first == '1' && text_[begin + 1] == '0') return 10;
    // The warning names the whole sum, so every digit counts; it saturates rather than overflow
    // (a sum past the board's width fails as too wide anyway).
    constexpr std::int64_t kMaxSum = std::numeric_limits<std::int32_t>::max();
    std::int64_t sum = 0;
    for (std::uint32_t i = begin; i < end; ++i) sum = std::min(kMaxSum, sum + (text_[i] - '0'));
    Diagnostic problem = at(Code::board_bad_count, begin, end - begin);
    problem.found = static_cast<std::int32_t>(sum);
    return relax(problem) ? static_cast<int>(std::min<std::int64_t>(sum, kMaxFiles + 1)) : -1;
  }

  // A rank found wider than it may be, `reached` squares counted when reading stopped.
  static Diagnostic too_wide(int rank, int width, int reached, Diagnostic where) noexcept {
    where.found = reached;
    if (width == 0) {
      where.code = Code::board_width;
      where.limit = kMaxFiles;
    } else {
      where.code = Code::board_rank_width;
      where.square = make_square(0, rank);
      where.limit = width;
    }
    return where;
  }

  bool finish_rank(int rank, int file, int& width, Diagnostic where) noexcept {
    if (rank == kRanks - 1) {
      if (file != 8 && file != 10) {
        where.code = Code::board_width;
        where.found = file;
        where.limit = kMaxFiles;
        return fail(where);
      }
      width = file;
      return true;
    }
    if (file == width) return true;
    where.code = Code::board_rank_width;
    where.square = make_square(0, rank);
    where.found = file;
    where.limit = width;
    return fail(where);
  }

  bool read_side(Span field) noexcept {
    const char c = text_[field.begin];
    // One test for both letters: records have either side about as often, and a branch on each
    // letter would be mispredicted half the time.
    const bool valid = (field.size() == 1) & ((c == 'w') | (c == 'b'));
    if (!valid) return fail(at(Code::side_invalid, field));
    position_.side_to_move = c == 'w' ? Color::white : Color::black;
    return true;
  }

  bool read_castling(Span field) noexcept {
    if (text_[field.begin] == '-' && field.size() == 1) return true;  // the commonest, in line
    if (fast_paths_) {
      const std::array<detail::BackRankFiles, 2> back_ranks = {
          detail::back_rank_files(position_, Color::white),
          detail::back_rank_files(position_, Color::black)};
      if (detail::scan_castling(text_.data() + field.begin, field.size(), back_ranks,
                                position_.castling))
        return true;
    }
    return read_castling_precisely(field);
  }

  // Out of line: nearly every castling field is the scan's, and this reader inlined would give
  // the hot path its registers to save.
  XFEN_NEVER_INLINE bool read_castling_precisely(Span field) noexcept {
    std::uint32_t i = field.begin;
    if (text_[i] == '-') {
      if (field.size() == 1) return true;
      return fail(at(Code::castling_bad_char, i + 1, 1));
    }
    for (const Color color : {Color::white, Color::black})
      back_ranks_[static_cast<std::size_t>(color)] = detail::back_rank_files(position_, color);
    CastlingRights& rights = position_.castling;
    if (text_[i] == 's' || text_[i] == 'm') {
      rights.mode = text_[i] == 's' ? CastlingMode::symmetric : CastlingMode::modern;
      if (++i == field.end) return fail(at(Code::castling_empty_prefix, field.begin, 1));
    }
    for (; i < field.end; ++i)
      if (!read_castling_token(i)) return false;
    // Lenient reading may have dropped every token; a prefix is not written without one.
    if (!rights.any()) rights.mode = CastlingMode::standard;
    return true;
  }

  bool read_castling_token(std::uint32_t offset) noexcept {
    const char c = text_[offset];
    // Both cases on one path, the case bit giving the colour: a branch on the case would be
    // mispredicted whenever both colours have rights.
    const auto byte = static_cast<unsigned char>(c);
    if (static_cast<unsigned char>((byte | detail::kLowerCaseBit) - 'a') >= 26)
      return fail(at(Code::castling_bad_char, offset, 1));
    const Color color = (byte & detail::kLowerCaseBit) != 0 ? Color::black : Color::white;
    const auto letter = static_cast<char>(byte & ~detail::kLowerCaseBit);
    const bool outermost = letter == 'K' || letter == 'Q';
    if (!outermost && letter > 'A' + kMaxFiles - 1)
      return fail(at(Code::castling_bad_char, offset, 1));
    if (!outermost && letter >= 'A' + position_.width) {
      Diagnostic problem = at(Code::castling_file_off_board, offset, 1);
      problem.limit = position_.width;
      return fail(problem);
    }

    const int rank = back_rank(color);
    const detail::BackRankFiles& files = back_ranks_[static_cast<std::size_t>(color)];
    const auto king = files.king();
    if (!king) {
      Diagnostic problem = at(Code::castling_no_king, offset, 1);
      problem.found = detail::count_back_rank_kings(position_, color);
      problem.limit = 1;
      problem.color = color;
      return relax(problem);
    }
    const CastlingSide side = letter == 'K' ? CastlingSide::h_side : CastlingSide::a_side;
    std::optional<int> rook;
    if (outermost) {
      rook = files.outermost_rook(side, *king);
    } else if (((files.rooks >> (letter - 'A')) & 1u) != 0) {  // A..J: checked above
      rook = letter - 'A';
    }
    if (!rook) {
      Diagnostic problem = at(Code::castling_no_rook, offset, 1);
      problem.square = make_square(outermost ? *king : letter - 'A', rank);
      problem.color = color;
      return relax(problem);
    }

    const CastlingSide rook_side = *rook > *king ? CastlingSide::h_side : CastlingSide::a_side;
    const auto existing = position_.castling.rook_file(color, rook_side);
    if (!existing) {
      position_.castling.set(color, rook_side, *rook);
      return true;
    }
    // The diagnostic is built only here: every token of nearly every record takes the path above.
    Diagnostic problem =
        at(existing == rook ? Code::castling_duplicate : Code::castling_same_side, offset, 1);
    problem.square = make_square(*rook, rank);
    problem.color = color;
    if (existing == rook) return relax(problem);
    problem.other_square = make_square(*existing, rank);
    return fail(problem);
  }

  bool read_en_passant(Span field) noexcept {
    const char file = text_[field.begin];
    if (field.size() == 1 && file == '-') return true;
    const char rank = field.size() == 2 ? text_[field.begin + 1] : '\0';
    if (field.size() != 2 || file < 'a' || file > 'z' || rank < '1' || rank > '8')
      return fail(at(Code::en_passant_syntax, field));
    const Square square = make_square(file - 'a', rank - '1');
    const Code geometry = check_en_passant_geometry(position_, square);
    if (geometry == Code::ok) {
      position_.en_passant = square;
      return true;
    }
    Diagnostic problem = detail::en_passant_problem(position_, square, geometry);
    problem.offset = field.begin;
    problem.length = field.size();
    return geometry == Code::en_passant_off_board ? fail(problem) : relax(problem);
  }

  bool read_counter(Span field, Code syntax, Code range, std::uint32_t minimum,
                    std::uint32_t& out) noexcept {
    // One pass: the value is taken while the digits are checked (it wraps harmlessly when the
    // field is too long for it to matter).
    const char* const digits = text_.data() + field.begin;
    const std::uint32_t size = field.size();
    std::uint64_t value = 0;
    bool all_digits = true;
    for (std::uint32_t i = 0; i < size; ++i) {
      const auto digit = static_cast<std::uint64_t>(static_cast<unsigned char>(digits[i]) - '0');
      all_digits &= digit <= 9;
      value = value * 10 + digit;
    }
    if (!all_digits || (size > 1 && digits[0] == '0')) return fail(at(syntax, field));
    constexpr std::uint32_t kMaxDigits = 10;  // 2147483647
    if (size > kMaxDigits || value > Position::kMaxCounter) return fail(at(range, field));
    if (value < minimum) {
      // Only the fullmove number has a minimum, and lenient reading takes 0 as 1.
      if (!relax(at(range, field))) return false;
      value = minimum;
    }
    out = static_cast<std::uint32_t>(value);
    return true;
  }

  std::string_view text_;
  bool lenient_;
  RecordFields layout_;
  bool fast_paths_;
  // Where the options are, not a copy: a copy loads the sink's 16 bytes at once, and a caller that
  // has just built the options (as a defaulted argument does) stored them in two halves, which the
  // processor cannot forward to one load; that wait was 4% of a parse.
  const DiagnosticSink* warning_sink_;
  ParseResult& result_;
  Position& position_;
  std::array<Span, kFieldCount>& fields_;
  std::array<detail::BackRankFiles, 2> back_ranks_{};  // per colour, once castling is read
  int field_count_ = 0;
};

}  // namespace

ParseResult parse(std::string_view text, const ParseOptions& options) noexcept {
  return detail::parse_with(text, options, detail::Readers::fast_paths_first);
}

std::size_t epd_fields_size(std::string_view line) noexcept {
  std::size_t end = 0;
  for (int field = 0; field < kEpdFieldCount; ++field) {
    while (end < line.size() && is_space(line[end])) ++end;
    if (end == line.size()) return end;
    while (end < line.size() && !is_space(line[end])) ++end;
  }
  return end;
}

namespace detail {

ParseResult parse_with(std::string_view text, const ParseOptions& options,
                       Readers readers) noexcept {
  ParseResult result;
  RecordReader(text, options, readers, result).read();
  return result;
}

}  // namespace detail

}  // namespace xfen
