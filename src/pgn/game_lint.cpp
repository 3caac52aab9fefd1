#include "pgn/game_lint.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include <xfen/legality.hpp>
#include <xfen/message.hpp>
#include <xfen/start_position.hpp>

#include "pgn/fen_tag.hpp"
#include "pgn/reader_report.hpp"

namespace xfen::pgn {

namespace {

// "game 3: "
std::string game_prefix(std::uint64_t game) {
  std::string text = "game ";
  text += std::to_string(game);
  text += ": ";
  return text;
}

std::string where_text(const SourcePosition& where) {
  return std::to_string(where.line) + ':' + std::to_string(where.column);
}

// `Variant "FRC"`, or "no Variant tag".
std::string variant_text(const StartTags& tags) {
  if (!tags.variant().held()) return "no Variant tag";
  std::string text = "Variant \"";
  xfen::append_printable(text, tags.variant().tag().value);
  text += '"';
  return text;
}

// The eight pieces of White's back rank: "BQNBRNKR".
std::string back_rank_letters(const xfen::Position& position) {
  std::string letters;
  for (int file = 0; file < position.width; ++file)
    letters += position.at(xfen::make_square(file, 0)).letter();
  return letters;
}

struct LegalityContext {
  const Tag* fen;
  const GameDiagnosticSink* sink;
};

}  // namespace

GameLinter::GameLinter(const LintOptions& options, GameDiagnosticSink sink)
    : options_(options), sink_(std::move(sink)) {}

void GameLinter::report(const GameDiagnostic& diagnostic) {
  if (diagnostic.severity == GameSeverity::warning) {
    ++counts_.warnings;
  } else {
    ++counts_.errors;
    if (diagnostic.game != 0 && diagnostic.game == game_) game_has_errors_ = true;
  }
  sink_(diagnostic);
}

void GameLinter::report_later(GameDiagnostic diagnostic) {
  found_at_end_.push_back(std::move(diagnostic));
}

void GameLinter::report_later_about_game(GameSeverity severity, std::string_view code,
                                         const SourcePosition& where, std::string message) {
  report_later({.severity = severity,
                .code = code,
                .field = kPgnField,
                .game = game_,
                .where = where,
                .message = std::move(message)});
}

void GameLinter::game_begins(const GameStart& start) {
  game_ = start.game;
  game_has_errors_ = false;
  tags_.clear();
  ++counts_.games;
}

void GameLinter::tag(const Tag& tag) {
  if (tags_.take(tag) != StartTags::Taken::duplicate) return;
  // The first tag of a name is the one read; a second is an error of its own.
  const Tag& first = tag.name == kFenTag     ? tags_.fen().tag()
                     : tag.name == kSetUpTag ? tags_.setup().tag()
                                             : tags_.variant().tag();
  std::string message = game_prefix(tag.game);
  message += "a second ";
  message += tag.name;
  message += " tag; the first, at ";
  message += where_text(first.open_bracket);
  message += ", is the one read";
  report_later_about_game(GameSeverity::error, "pgn.duplicate-tag", tag.open_bracket,
                          std::move(message));
}

// Within a game, what the reader finds waits for the game's end, so that a game's diagnostics come
// in the order of the file.
void GameLinter::diagnostic(const ReaderDiagnostic& diagnostic) {
  if (game_ != 0) {
    report_later(from_reader(diagnostic));
  } else {
    report(from_reader(diagnostic));
  }
}

void GameLinter::game_ends(const GameEnd& /*end*/) {
  const bool has_fen = tags_.fen().held();
  lint_setup(has_fen);
  if (tags_.family() == VariantFamily::other) {
    ++counts_.other_variant;
  } else if (has_fen) {
    lint_fen(tags_.fen().tag());
  } else {
    lint_without_fen();
  }
  std::stable_sort(found_at_end_.begin(), found_at_end_.end(),
                   [](const GameDiagnostic& a, const GameDiagnostic& b) {
                     return a.where.offset < b.where.offset;
                   });
  for (const GameDiagnostic& found : found_at_end_) report(found);
  found_at_end_.clear();
  if (has_fen) ++counts_.with_fen;
  if (game_has_errors_) ++counts_.games_with_errors;
  game_ = 0;
}

// PGN's rule: SetUp "1" exactly when the game has a FEN tag; SetUp "0" (or none) otherwise.
void GameLinter::lint_setup(bool has_fen) {
  const std::uint64_t game = game_;
  if (!tags_.setup().held()) {
    if (!has_fen) return;
    report_later_about_game(
        GameSeverity::error, "pgn.setup-missing", tags_.fen().tag().open_bracket,
        game_prefix(game) + "a FEN tag without a SetUp tag; PGN requires [SetUp \"1\"] beside it");
    return;
  }
  const Tag& setup = tags_.setup().tag();
  if (setup.value == "1" && !has_fen) {
    report_later_about_game(GameSeverity::error, "pgn.setup-without-fen", setup.open_bracket,
                            game_prefix(game) +
                                "SetUp is \"1\" but the game has no FEN tag, so its start "
                                "position is unknown");
  } else if (setup.value != "1" && (has_fen || setup.value != "0")) {
    std::string message = game_prefix(game) + "SetUp is \"";
    xfen::append_printable(message, setup.value);
    message += has_fen ? "\" although the game has a FEN tag; it must be \"1\""
                       : "\"; it must be \"0\" or \"1\"";
    report_later_about_game(GameSeverity::error, "pgn.setup-value", setup.value_begin,
                          std::move(message));
  }
}

void GameLinter::lint_without_fen() {
  const VariantFamily family = tags_.family();
  if (family != VariantFamily::chess960 && family != VariantFamily::capablanca) return;
  std::string message = game_prefix(game_) + "the game is ";
  message += family_description(family);
  message += " (" + variant_text(tags_) + ") but has no FEN tag, so its start position is unknown";
  report_later_about_game(GameSeverity::error, "pgn.fen-missing",
                          tags_.variant().tag().open_bracket, std::move(message));
}

void GameLinter::lint_fen(const Tag& fen) {
  const GameDiagnosticSink report_sink = [this](const GameDiagnostic& d) { report_later(d); };
  const xfen::ParseResult read = read_fen_tag(fen, options_.parse, report_sink);
  if (!read.ok()) return;

  const VariantFamily family = tags_.family();
  const int width = read.position.width;
  if (const auto required = required_width(family); required && *required != width) {
    std::string message = game_prefix(game_) + "the FEN's board is " + std::to_string(width) +
                          " files wide, but the game is " +
                          std::string(family_description(family)) + " (" + variant_text(tags_) +
                          "), played on " + std::to_string(*required);
    if (family == VariantFamily::standard)
      message += "; a 10x8 game needs a Variant tag such as \"Capablanca Random\"";
    report_later_about_game(GameSeverity::error, "pgn.width-mismatch", fen.value_begin,
                          std::move(message));
  } else if (family == VariantFamily::standard) {
    if (const auto number = chess960_number(read.position);
        number && *number != kStandardChess960Number) {
      report_later_about_game(GameSeverity::warning, "pgn.chess960-unnamed", fen.value_begin,
                              game_prefix(game_) + "the FEN is Chess960 start position " +
                                  std::to_string(*number) + " (" +
                                  back_rank_letters(read.position) + "), but the game has " +
                                  variant_text(tags_) +
                                  ", so it is standard chess, whose castling differs; add "
                                  "[Variant \"Chess960\"]");
    }
  }

  if (options_.legal) {
    LegalityContext context{&fen, &report_sink};
    static_cast<void>(xfen::check_legality(
        read, fen.value,
        {[](void* c, const xfen::Diagnostic& finding) noexcept {
           const auto& [tag, sink] = *static_cast<LegalityContext*>(c);
           report_fen_diagnostic(*tag, finding, GameSeverity::error, *sink);
         },
         &context}));
  }
}

}  // namespace xfen::pgn
