#include "cli/pgn_extract_command.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include <xfen/write.hpp>

#include "cli/command_output.hpp"
#include "cli/diagnostic_printer.hpp"
#include "cli/game_diagnostic_printer.hpp"
#include "cli/game_input.hpp"
#include "cli/write_count.hpp"
#include "io/input_files.hpp"
#include "pgn/fen_tag.hpp"
#include "pgn/reader_report.hpp"
#include "pgn/start_tags.hpp"

namespace xfen::cli {

namespace {

constexpr std::size_t kReadSize = std::size_t{256} * 1024;

struct ExtractCounts {
  std::uint64_t games = 0;
  std::uint64_t records = 0;
  std::uint64_t unreadable = 0;     // --canon: FEN tags that could not be read or written
  std::uint64_t other_variant = 0;  // FEN tags of games of variants X-FEN does not describe
  std::uint64_t errors = 0;
};

// Holds each game's start tags and writes its record when the game ends (its Variant tag may
// follow the FEN tag).
class StartRecordWriter final : public xfen::pgn::GameHandler {
 public:
  StartRecordWriter(const PgnExtractOptions& options, std::string_view file, io::OutputBuffer& out,
                    xfen::pgn::GameDiagnosticSink report)
      : options_(options), file_(file), out_(out), report_(std::move(report)) {}

  void game_begins(const xfen::pgn::GameStart& /*start*/) override {
    tags_.clear();
    ++counts_.games;
  }
  void tag(const xfen::pgn::Tag& tag) override { static_cast<void>(tags_.take(tag)); }
  void diagnostic(const xfen::pgn::ReaderDiagnostic& diagnostic) override {
    report(xfen::pgn::from_reader(diagnostic));
  }
  void game_ends(const xfen::pgn::GameEnd& /*end*/) override {
    if (!tags_.fen().held()) return;
    if (tags_.family() == xfen::pgn::VariantFamily::other) {
      ++counts_.other_variant;
      return;
    }
    const xfen::pgn::Tag& fen = tags_.fen().tag();
    if (!options_.canon) {
      write_record(fen, fen.value);
      return;
    }
    const xfen::ParseResult read = xfen::pgn::read_fen_tag(
        fen, options_.parse, [this](const xfen::pgn::GameDiagnostic& found) { report(found); });
    if (!read.ok()) {
      ++counts_.unreadable;
      return;
    }
    std::array<char, xfen::kMaxRecordSize> record{};
    const xfen::WriteResult written = xfen::write(read.position, record, options_.write);
    if (!written.ok()) {
      ++counts_.unreadable;
      report_fen_diagnostic(fen, written.error, xfen::pgn::GameSeverity::error,
                            [this](const xfen::pgn::GameDiagnostic& found) { report(found); });
      return;
    }
    write_record(fen, std::string_view(record.data(), written.size));
  }

  const ExtractCounts& counts() const noexcept { return counts_; }

 private:
  void report(const xfen::pgn::GameDiagnostic& diagnostic) {
    if (diagnostic.severity == xfen::pgn::GameSeverity::error) ++counts_.errors;
    report_(diagnostic);
  }

  void write_record(const xfen::pgn::Tag& fen, std::string_view record) {
    if (options_.with_source) {
      write_escaped(out_, file_);  // a file name may hold a newline
      out_.put(':');
      out_.write_number(fen.value_begin.line);
      out_.put(':');
      out_.write_number(fen.value_begin.column);
      out_.write(": game ");
      out_.write_number(fen.game);
      out_.write(": ");
    }
    out_.write(record);
    out_.put('\n');
    ++counts_.records;
  }

  const PgnExtractOptions& options_;
  std::string_view file_;
  io::OutputBuffer& out_;
  xfen::pgn::GameDiagnosticSink report_;
  xfen::pgn::StartTags tags_;
  ExtractCounts counts_;
};

void add(ExtractCounts& total, const ExtractCounts& file) {
  total.games += file.games;
  total.records += file.records;
  total.unreadable += file.unreadable;
  total.other_variant += file.other_variant;
  total.errors += file.errors;
}

// "extracted 380 records from 412 games in 1 file", then what was left out, if anything.
void print_summary(io::OutputBuffer& errors, const ExtractCounts& counts, std::uint64_t files) {
  errors.write("extracted ");
  write_count(errors, counts.records, "record");
  errors.write(" from ");
  write_count(errors, counts.games, "game");
  errors.write(" in ");
  write_count(errors, files, "file");
  if (counts.unreadable != 0) {
    errors.write("; ");
    write_count(errors, counts.unreadable, "FEN tag");
    errors.write(" could not be read");
  }
  if (counts.other_variant != 0) {
    errors.write("; ");
    errors.write_number(counts.other_variant);
    errors.write(" of variants X-FEN does not describe left out");
  }
  errors.write("\n");
}

}  // namespace

ExitStatus run_pgn_extract(const PgnExtractOptions& options, const io::StandardStreams& streams) {
  // The records are the product (stdout); diagnostics go with the summary to stderr.
  CommandOutput output(streams, DiagnosticFormat::text);
  std::vector<char> buffer(kReadSize);
  ExtractCounts total;
  const io::IoErrorHandler report_io_error = [&output](const io::IoError& error) { output.report(error); };

  const io::InputSummary input = io::for_each_input(
      options.files, streams.input, report_io_error,
      [&](std::string_view file, io::ByteSource& source) {
        StartRecordWriter writer(options, file, output.out,
                                 [&](const xfen::pgn::GameDiagnostic& found) {
                                   print_game_diagnostic(output.errors, DiagnosticFormat::text,
                                                         file, found);
                                 });
        const io::ReadEnd end =
            read_games(source, file, buffer, report_io_error, output, writer);
        add(total, writer.counts());
        return end;
      });

  if (output.out.flush() && !options.quiet) print_summary(output.errors, total, input.files_read);
  const bool output_ok = output.finish();
  return run_status(input.io_error || !output_ok, total.errors > 0);
}

}  // namespace xfen::cli
