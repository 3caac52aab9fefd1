// Rewriting the FEN tags of a PGN text canonically while copying every other byte as it was: what
// `xfen pgn canon` does, without the files. Fed the input in chunks of any size, it drives a
// TagReader and writes the output as it goes, holding at most one tag pair's bytes between chunks
// (kMaxTagPairLength and a little), whatever the input.
//
// The output is the input, byte for byte, except the value of each tag named `FEN` (the bytes
// between its quotes), which becomes the canonical record (xfen::write with the options given)
// when the value reads as X-FEN. Left as it was: a value that does not read (reported as an
// error), a record that cannot be written in the style asked (reported as an error, e.g.
// classic castling letters for an inner rook), and the FEN of a game whose first Variant tag,
// seen before its FEN tag, names a variant X-FEN does not describe (not read, not reported,
// counted). A Variant tag after the FEN tag comes too late: the FEN is written out by then.
// Everything else (a byte-order mark, line ends, comments, escapes in other tags, tag pairs the
// reader drops) is copied, since the rewriter copies whatever is not a FEN value it replaces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "pgn/game_diagnostic.hpp"
#include "pgn/tag_reader.hpp"

namespace xfen::pgn {

// Where the rewritten text goes. `write` is called with the bytes in order; the view is valid
// during the call only. It is called from inside the tag reader's callbacks, which must not
// throw: an output that fails records its error and drops what follows (as OutputBuffer does).
class RewriteOutput {
 public:
  virtual ~RewriteOutput() = default;
  virtual void write(std::string_view bytes) = 0;

 protected:
  RewriteOutput() = default;
  RewriteOutput(const RewriteOutput&) = default;
  RewriteOutput& operator=(const RewriteOutput&) = default;
};

struct FenRewriteCounts {
  std::uint64_t canonical = 0;       // FEN values already canonical: left, being what they'd become
  std::uint64_t rewritten = 0;       // FEN values replaced by their canonical record
  std::uint64_t unreadable = 0;      // FEN values that are not X-FEN: left as they were, reported
  std::uint64_t unwritable = 0;      // read, but not writable in the style asked: left, reported
  std::uint64_t other_variant = 0;   // FEN of a variant X-FEN does not describe: left, not read
  std::uint64_t reader_errors = 0;   // errors about the PGN text itself (pgn.tag-close, ...)
  std::uint64_t reader_warnings = 0; // warnings about it (pgn.no-result, pgn.long-comment)

  std::uint64_t fen_tags() const noexcept {
    return canonical + rewritten + unreadable + unwritable + other_variant;
  }
};

class FenRewriter {
 public:
  // `output` is not owned. `parse` says how FEN values are read (strict, or lenient, whose
  // warnings are reported); its warning_sink is not used. Every diagnostic, the reader's and the
  // FEN values', goes to `sink` in input order.
  FenRewriter(RewriteOutput& output, const xfen::ParseOptions& parse,
              const xfen::WriteOptions& write, GameDiagnosticSink sink);
  FenRewriter(const FenRewriter&) = delete;
  FenRewriter& operator=(const FenRewriter&) = delete;

  // The next bytes of the input; all that can no longer change is written out before it returns.
  void read(std::span<const char> bytes);
  void read(std::string_view bytes) { read(std::span<const char>(bytes.data(), bytes.size())); }

  // The input has ended: the reader reports what was left open, and the rest is written out.
  // Call once, last.
  void finish();

  const FenRewriteCounts& counts() const noexcept { return counts_; }

  // The bytes reserved for holding an open tag pair between chunks: reserved once, and never
  // more while the reader keeps held_from()'s contract (the tests hold it to that).
  std::size_t carry_capacity() const noexcept { return carry_.capacity(); }

 private:
  class Handler final : public GameHandler {
   public:
    explicit Handler(FenRewriter& owner) noexcept : owner_(owner) {}
    void game_begins(const GameStart& start) override;
    void tag(const Tag& tag) override;
    void game_ends(const GameEnd& end) override;
    void diagnostic(const ReaderDiagnostic& diagnostic) override;

   private:
    FenRewriter& owner_;
  };

  // Writes the input bytes [emitted_, end), from the carry and the current chunk.
  void emit_input_until(std::uint64_t end);
  void replace_value(const Tag& tag, std::string_view record);
  void on_tag(const Tag& tag);
  void on_diagnostic(const ReaderDiagnostic& diagnostic);
  void keep_tail();

  RewriteOutput& output_;
  xfen::ParseOptions parse_;
  xfen::WriteOptions write_;
  GameDiagnosticSink sink_;
  FenRewriteCounts counts_;

  // The handler before the reader, which reports to it.
  Handler handler_{*this};
  TagReader reader_{handler_};

  // The input bytes [carry_offset_, carry_offset_ + carry_.size()) of earlier chunks that are not
  // written out yet, because a tag delivered later may point into them. Reserved once.
  std::vector<char> carry_;
  std::uint64_t carry_offset_ = 0;
  // The chunk being read and its offset in the input.
  std::span<const char> chunk_;
  std::uint64_t chunk_offset_ = 0;
  // Every input byte before this offset has been written out (or replaced).
  std::uint64_t emitted_ = 0;
  // The game's first Variant tag so far names a variant X-FEN does not describe.
  bool variant_seen_ = false;
  bool other_variant_ = false;
};

}  // namespace xfen::pgn
