#include "certify/grade/spelling_mismatch.hpp"

#include <array>
#include <string_view>

#include <xfen/en_passant_analysis.hpp>
#include <xfen/square_name.hpp>

#include "certify/grade/spelling.hpp"

namespace xfen::certify {
namespace {

// "ep-legal", "shredder": the --accept-spelling name of a style's choice of one field, empty for
// X-FEN's.
std::string castling_spelling_name(CastlingStyle style) { return spelling_list(WriteOptions{.castling = style}); }
std::string en_passant_spelling_name(EnPassantStyle style) {
  return spelling_list(WriteOptions{.en_passant = style});
}

// How a spelling is named in a detail: "declared ep-legal", "X-FEN".
std::string holder(const std::string& name, bool is_declared) {
  return is_declared ? "declared " + name : std::string("X-FEN");
}

// "the capturer on d4 would leave its king in check", for the squares of `analysis`' capturers.
std::string capturers_text(const EnPassantAnalysis& analysis) {
  std::string squares;
  int count = 0;
  for (const auto& capturer : analysis.capturers)
    if (capturer) squares += (count++ ? " and " : "") + std::string(square_name(*capturer));
  return count == 1 ? "the capturer on " + squares + " would leave its king in check"
                    : "the capturers on " + squares + " would each leave their king in check";
}

// Why `style` leaves the square of `position` out: its en passant rule, on this position.
std::string why_dropped(const Position& position, EnPassantStyle style) {
  const EnPassantAnalysis analysis = analyze_en_passant(position);
  if (!analysis.written_by_xfen()) return "no pawn of the side to move stands beside the pawn that moved two squares";
  if (style == EnPassantStyle::legal) return "no capture on it is legal: " + capturers_text(analysis);
  return "";
}

// Why `style` writes the square of `position`.
std::string why_written(const Position& position, EnPassantStyle style) {
  const EnPassantAnalysis analysis = analyze_en_passant(position);
  if (style == EnPassantStyle::always) return "it writes the square as read";
  if (!analysis.written_by_xfen()) return "";
  if (style == EnPassantStyle::legal) return "a capture on it is legal";
  return analysis.written_by_legal() ? "a pawn of the side to move can capture on it"
                                     : "a pawn of the side to move stands beside the pushed pawn, "
                                       "legal capture or not (R7.4)";
}

std::string en_passant_mismatch(const Position& position, const WriteOptions& declared, bool is_declared,
                                const WriteOptions& answered) {
  const std::string expected = written_field_of(position, declared, 3);
  const std::string got = written_field_of(position, answered, 3);
  const std::string who = holder(en_passant_spelling_name(declared.en_passant), is_declared);
  const std::string square = position.en_passant ? std::string(square_name(*position.en_passant)) : "-";
  std::string text = "en passant: " + who;
  if (expected == "-") {
    const std::string why = why_dropped(position, declared.en_passant);
    text += " drops " + square + " here" + (why.empty() ? "" : " (" + why + ")");
  } else {
    const std::string why = why_written(position, declared.en_passant);
    text += " writes " + expected + " here" + (why.empty() ? "" : " (" + why + ")");
  }
  text += "; answered " + got;
  const std::string answered_name = en_passant_spelling_name(answered.en_passant);
  if (answered_name.empty()) return text + ", as X-FEN's spelling writes it";
  text += ", as " + answered_name + " writes it";
  if (!is_declared) text += ", which is not declared (--accept-spelling " + answered_name + " declares it)";
  return text;
}

std::string castling_mismatch(const Position& position, const WriteOptions& declared, bool is_declared,
                              const WriteOptions& answered) {
  const std::string expected = written_field_of(position, declared, 2);
  const std::string got = written_field_of(position, answered, 2);
  std::string text = "castling: " + holder(castling_spelling_name(declared.castling), is_declared) + " writes " +
                     expected + " here; answered " + got;
  const std::string answered_name = castling_spelling_name(answered.castling);
  if (answered_name.empty()) return text + ", in X-FEN's letters";
  text += ", in " + describe_style(WriteOptions{.castling = answered.castling});
  if (!is_declared) text += ", which are not declared (--accept-spelling " + answered_name + " declares them)";
  return text;
}

}  // namespace

std::string written_field_of(const Position& position, const WriteOptions& style, std::size_t index) {
  const std::optional<std::string> written = declared_writing(position, WriteOptions{style.castling, style.en_passant});
  if (!written) return {};
  std::string_view record(*written);
  for (std::size_t i = 0; i < index; ++i) {
    const std::size_t space = record.find(' ');
    if (space == std::string_view::npos) return {};
    record.remove_prefix(space + 1);
  }
  return std::string(record.substr(0, record.find(' ')));
}

std::string spelling_mismatch(const Position& position, const WriteOptions& declared, bool is_declared,
                              const WriteOptions& answered) {
  std::string text;
  if (written_field_of(position, declared, 2) != written_field_of(position, answered, 2))
    text = castling_mismatch(position, declared, is_declared, answered);
  if (written_field_of(position, declared, 3) != written_field_of(position, answered, 3))
    text += (text.empty() ? "" : "; ") + en_passant_mismatch(position, declared, is_declared, answered);
  return text;
}

}  // namespace xfen::certify
