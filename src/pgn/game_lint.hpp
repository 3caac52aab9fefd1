// The lint of each game's start position: a GameHandler that holds a game's FEN, SetUp and Variant
// tags until it ends, then reports what is missing, broken or at odds with the variant. Nothing is
// allocated for a game without problems.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <xfen/parse.hpp>

#include "pgn/game_diagnostic.hpp"
#include "pgn/start_tags.hpp"
#include "pgn/tag_reader.hpp"

namespace xfen::pgn {

struct LintOptions {
  xfen::ParseOptions parse{};  // strict, or lenient with a warning per relaxation
  bool legal = false;          // also the legality findings of each FEN (errors)
};

struct LintCounts {
  std::uint64_t games = 0;
  std::uint64_t with_fen = 0;           // games with a FEN tag
  std::uint64_t other_variant = 0;      // games of a variant X-FEN does not describe: FEN not read
  std::uint64_t games_with_errors = 0;
  std::uint64_t errors = 0;             // also those found between games
  std::uint64_t warnings = 0;
};

class GameLinter final : public GameHandler {
 public:
  GameLinter(const LintOptions& options, GameDiagnosticSink sink);

  void game_begins(const GameStart& start) override;
  void tag(const Tag& tag) override;
  void game_ends(const GameEnd& end) override;
  void diagnostic(const ReaderDiagnostic& diagnostic) override;

  const LintCounts& counts() const noexcept { return counts_; }

 private:
  void report(const GameDiagnostic& diagnostic);
  // What is found within a game, reported when it ends, in the order of the file.
  void report_later(GameDiagnostic diagnostic);
  // The same for a finding of the lint itself about the game being read (field "pgn").
  void report_later_about_game(GameSeverity severity, std::string_view code,
                               const SourcePosition& where, std::string message);
  void lint_fen(const Tag& fen);
  void lint_without_fen();
  void lint_setup(bool has_fen);

  LintOptions options_;
  GameDiagnosticSink sink_;
  LintCounts counts_;
  StartTags tags_;
  std::uint64_t game_ = 0;  // the game being read; 0 between games
  bool game_has_errors_ = false;
  std::vector<GameDiagnostic> found_at_end_;  // reused: no allocation for a game without problems
};

}  // namespace xfen::pgn
