#include "pgn/fen_rewriter.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "pgn/fen_tag.hpp"
#include "pgn/reader_report.hpp"
#include "pgn/start_tags.hpp"
#include "pgn/variant.hpp"

namespace xfen::pgn {

namespace {

// What the carry holds at most for a reader that keeps its contract: the bytes of one tag pair
// being read (held_from() is its '['), which the reader gives up once it passes
// kMaxTagPairLength; twice that leaves room for however the reader counts the byte that passes.
constexpr std::size_t kCarryCapacity = 2 * kMaxTagPairLength;

}  // namespace

void FenRewriter::Handler::game_begins(const GameStart&) {
  owner_.variant_seen_ = false;
  owner_.other_variant_ = false;
}

void FenRewriter::Handler::tag(const Tag& tag) { owner_.on_tag(tag); }

void FenRewriter::Handler::game_ends(const GameEnd&) {}

void FenRewriter::Handler::diagnostic(const ReaderDiagnostic& diagnostic) {
  owner_.on_diagnostic(diagnostic);
}

FenRewriter::FenRewriter(RewriteOutput& output, const xfen::ParseOptions& parse,
                         const xfen::WriteOptions& write, GameDiagnosticSink sink)
    : output_(output), parse_(parse), write_(write), sink_(std::move(sink)) {
  parse_.warning_sink = {};  // read_fen_tag sends the warnings to sink_
  if (!sink_) sink_ = [](const GameDiagnostic&) {};
  carry_.reserve(kCarryCapacity);
}

void FenRewriter::read(std::span<const char> bytes) {
  chunk_offset_ = carry_offset_ + carry_.size();  // the carry ends where the input read ends
  chunk_ = bytes;
  reader_.read(bytes);
  keep_tail();
  chunk_ = {};
}

void FenRewriter::finish() {
  chunk_offset_ = carry_offset_ + carry_.size();
  chunk_ = {};
  reader_.finish();  // reports what was left open; delivers no tag
  emit_input_until(chunk_offset_);
  carry_.clear();
  carry_offset_ = emitted_;
}

void FenRewriter::emit_input_until(std::uint64_t end) {
  if (end <= emitted_) return;
  // emitted_ >= carry_offset_ always: the carry starts where the output stopped.
  if (emitted_ < chunk_offset_) {
    const std::uint64_t stop = std::min(end, chunk_offset_);
    output_.write(std::string_view(carry_.data() + (emitted_ - carry_offset_),
                                   static_cast<std::size_t>(stop - emitted_)));
    emitted_ = stop;
  }
  if (emitted_ < end) {
    output_.write(std::string_view(chunk_.data() + (emitted_ - chunk_offset_),
                                   static_cast<std::size_t>(end - emitted_)));
    emitted_ = end;
  }
}

void FenRewriter::keep_tail() {
  const std::uint64_t end = chunk_offset_ + chunk_.size();
  const std::uint64_t keep_from = std::min(std::max(reader_.held_from(), emitted_), end);
  emit_input_until(keep_from);
  if (keep_from < chunk_offset_) {
    // A tag pair that began in an earlier chunk is still open: keep its bytes and this chunk.
    carry_.erase(carry_.begin(),
                 carry_.begin() + static_cast<std::ptrdiff_t>(keep_from - carry_offset_));
    carry_.insert(carry_.end(), chunk_.begin(), chunk_.end());
  } else {
    carry_.assign(chunk_.begin() + static_cast<std::ptrdiff_t>(keep_from - chunk_offset_),
                  chunk_.end());
  }
  carry_offset_ = keep_from;
}

void FenRewriter::replace_value(const Tag& tag, std::string_view record) {
  emit_input_until(tag.value_begin.offset);
  // A record is letters, digits, '/', '-' and spaces: nothing that a tag value escapes.
  output_.write(record);
  emitted_ = tag.value_end_offset;
}

void FenRewriter::on_tag(const Tag& tag) {
  if (tag.name == kVariantTag) {
    // The game's first Variant tag counts, as in lint (StartTags keeps the first).
    if (!variant_seen_) other_variant_ = variant_family(tag.value) == VariantFamily::other;
    variant_seen_ = true;
    return;
  }
  if (tag.name != kFenTag) return;
  // Written out already: impossible while the reader keeps held_from()'s contract.
  if (tag.value_begin.offset < emitted_) return;
  if (other_variant_) {
    ++counts_.other_variant;
    return;
  }

  const xfen::ParseResult read = read_fen_tag(tag, parse_, sink_);
  if (!read.ok()) {
    ++counts_.unreadable;
    return;
  }
  std::array<char, xfen::kMaxRecordSize> record{};
  const xfen::WriteResult written = xfen::write(read.position, record, write_);
  if (!written.ok()) {
    report_fen_diagnostic(tag, written.error, GameSeverity::error, sink_);
    ++counts_.unwritable;
    return;
  }
  const std::string_view canonical(record.data(), written.size);
  // Without escapes the value is the bytes between the quotes; a record holds no '"' or '\'.
  if (tag.escapes.empty() && tag.value == canonical) {
    ++counts_.canonical;
    return;
  }
  replace_value(tag, canonical);
  ++counts_.rewritten;
}

void FenRewriter::on_diagnostic(const ReaderDiagnostic& diagnostic) {
  ++(diagnostic.severity == ReaderSeverity::warning ? counts_.reader_warnings
                                                    : counts_.reader_errors);
  sink_(from_reader(diagnostic));
}

}  // namespace xfen::pgn
