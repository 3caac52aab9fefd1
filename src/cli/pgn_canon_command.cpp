#include "cli/pgn_canon_command.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <xfen/message.hpp>

#include "cli/diagnostic_printer.hpp"
#include "cli/game_diagnostic_printer.hpp"
#include "cli/write_count.hpp"
#include "io/input_files.hpp"
#include "io/output_buffer.hpp"
#include "io/output_file.hpp"
#include "pgn/fen_rewriter.hpp"

namespace xfen::cli {

namespace {

// Each read(2) asks for this much; the rewriter holds one open tag pair beyond it.
constexpr std::size_t kReadSize = std::size_t{256} * 1024;
constexpr std::size_t kOutputBufferSize = std::size_t{256} * 1024;
constexpr std::string_view kCommand = "xfen pgn canon: ";

// The rewriter's output, into a command's buffer (which records a failed write and drops the
// rest, so nothing here throws on a full disk).
class BufferedRewriteOutput final : public pgn::RewriteOutput {
 public:
  explicit BufferedRewriteOutput(io::OutputBuffer& out) noexcept : out_(out) {}
  void write(std::string_view bytes) override { out_.write(bytes); }

 private:
  io::OutputBuffer& out_;
};

void add(pgn::FenRewriteCounts& total, const pgn::FenRewriteCounts& counts) noexcept {
  total.canonical += counts.canonical;
  total.rewritten += counts.rewritten;
  total.unreadable += counts.unreadable;
  total.unwritable += counts.unwritable;
  total.other_variant += counts.other_variant;
  total.reader_errors += counts.reader_errors;
  total.reader_warnings += counts.reader_warnings;
}

void write_left_as(io::OutputBuffer& errors, std::uint64_t count) {
  errors.write(count == 1 ? " (left as it was)" : " (left as they were)");
}

// "read 412 FEN tags in 1 file: 180 canonical, 230 rewritten, 2 unreadable (left as they were),
// 0 of other variants", with the FENs not writable in the style asked and the errors of the PGN
// text when there are any.
void print_summary(io::OutputBuffer& errors, const pgn::FenRewriteCounts& counts,
                   std::uint64_t files) {
  errors.write("read ");
  write_count(errors, counts.fen_tags(), "FEN tag");
  errors.write(" in ");
  write_count(errors, files, "file");
  errors.write(": ");
  errors.write_number(counts.canonical);
  errors.write(" canonical, ");
  errors.write_number(counts.rewritten);
  errors.write(" rewritten, ");
  errors.write_number(counts.unreadable);
  errors.write(" unreadable");
  write_left_as(errors, counts.unreadable);
  if (counts.unwritable > 0) {
    errors.write(", ");
    errors.write_number(counts.unwritable);
    errors.write(" not writable in the style asked");
    write_left_as(errors, counts.unwritable);
  }
  errors.write(", ");
  errors.write_number(counts.other_variant);
  errors.write(counts.other_variant == 1 ? " of another variant" : " of other variants");
  if (counts.reader_errors > 0) {
    errors.write("; ");
    write_count(errors, counts.reader_errors, "error");
    errors.write(" in the PGN text");
  }
  errors.put('\n');
}

class PgnCanonRun {
 public:
  PgnCanonRun(const PgnCanonOptions& options, const io::StandardStreams& streams)
      : options_(options), streams_(streams),
        format_(options.json ? DiagnosticFormat::json_lines : DiagnosticFormat::text),
        errors_(streams.errors, std::size_t{64} * 1024), chunk_(kReadSize) {}

  ExitStatus run() {
    if (!check_usage()) return finish(ExitStatus::failure);
    if (options_.in_place) run_in_place();
    else if (!options_.output.empty()) run_to_file();
    else run_to_standard_output();
    // A summary of a run whose output was lost would mislead; so would one of a refused run.
    if (!options_.quiet && !options_.json && !output_lost_ && files_ > 0)
      print_summary(errors_, counts_, files_);
    return finish(run_status(failed_, any_error_));
  }

 private:
  ExitStatus finish(ExitStatus status) {
    if (!errors_.flush()) return ExitStatus::failure;
    return status;
  }

  void usage_error(std::string_view message) {
    errors_.write(kCommand);
    errors_.write(message);
    errors_.put('\n');
    failed_ = true;
  }

  bool check_usage() {
    if (options_.in_place && !options_.output.empty()) {
      usage_error("-o and --in-place exclude each other");
      return false;
    }
    if (options_.in_place &&
        (options_.files.empty() ||
         std::find(options_.files.begin(), options_.files.end(), "-") != options_.files.end())) {
      usage_error("--in-place rewrites the FILEs named; standard input cannot be rewritten in "
                  "place (without --in-place the result goes to standard output, or to -o FILE)");
      return false;
    }
    return true;
  }

  void report(const io::IoError& error) {
    print_io_error(errors_, format_, error);
    errors_.flush();  // rare, and the user should see it even if a later file takes long
    failed_ = true;
  }

  // Reads one input whole through a rewriter into `out`.
  io::ReadEnd rewrite(std::string_view name, io::ByteSource& source, io::OutputBuffer& out,
                  pgn::FenRewriteCounts& counts) {
    BufferedRewriteOutput output(out);
    pgn::FenRewriter rewriter(output, options_.parse, options_.write,
                              [&](const pgn::GameDiagnostic& diagnostic) {
                                print(name, diagnostic);
                              });
    // A read error is reported by read_chunks: the input broke off rather than ended, so nothing
    // is "left open" at its end to report, and the output is not used (or, on standard output,
    // is what was read).
    const io::IoErrorHandler report_io_error = [this](const io::IoError& error) { report(error); };
    const io::ReadEnd end = io::read_chunks(source, name, chunk_, report_io_error,
                                    [&](std::span<const char> bytes) {
                                      rewriter.read(bytes);
                                      return out.error() == 0;  // the output is lost: stop
                                    });
    if (end == io::ReadEnd::end_of_input) rewriter.finish();
    counts = rewriter.counts();
    add(counts_, counts);
    return end;
  }

  void print(std::string_view file, const pgn::GameDiagnostic& diagnostic) {
    if (diagnostic.severity == pgn::GameSeverity::error) any_error_ = true;
    print_game_diagnostic(errors_, format_, file, diagnostic);
  }

  io::InputSummary read_inputs(std::span<const std::string> names, io::OutputBuffer& out,
                           pgn::FenRewriteCounts& counts) {
    const io::InputSummary summary = io::for_each_input(
        names, streams_.input, [this](const io::IoError& error) { report(error); },
        [&](std::string_view name, io::ByteSource& source) {
          return rewrite(name, source, out, counts);
        });
    files_ += summary.files_read;
    if (summary.io_error) failed_ = true;
    return summary;
  }

  void run_to_standard_output() {
    io::OutputBuffer out(streams_.output, kOutputBufferSize);
    pgn::FenRewriteCounts counts;
    read_inputs(options_.files, out, counts);
    if (!out.flush()) {
      output_lost_ = true;
      report({io::IoOperation::write, io::kStdoutName, out.error()});
    }
  }

  void run_to_file() {
    io::OutputFile file;
    const io::OutputFile::Opened opened =
        file.open(options_.output, io::OutputFile::Mode::output, options_.files);
    if (opened.status == io::OutputFile::Status::target_is_input) {
      usage_error("the output file " + xfen::printable(options_.output) + " is the input " +
                  xfen::printable(opened.input) +
                  ", which would be lost; to rewrite a file itself, use --in-place");
      return;
    }
    if (opened.status != io::OutputFile::Status::ok) return report(opened.error);

    bool output_failed = false;
    {
      io::OutputBuffer out(file, kOutputBufferSize);
      pgn::FenRewriteCounts counts;
      const io::InputSummary summary = read_inputs(options_.files, out, counts);
      output_failed = !out.flush();
      if (summary.io_error && !output_failed) {
        // Never a partial result in place of the file: it stays as it was, or does not appear.
        file.abandon();
        not_written(file, options_.output, "an input could not be read");
        return;
      }
    }
    if (const std::optional<io::IoError> error = file.commit()) {
      output_lost_ = output_failed;
      report(*error);
      not_written(file, options_.output, "it could not be written");
    }
  }

  void run_in_place() {
    for (const std::string& name : options_.files) {
      io::OutputFile file;
      const io::OutputFile::Opened opened = file.open(name, io::OutputFile::Mode::in_place);
      if (opened.status == io::OutputFile::Status::not_regular) {
        usage_error(xfen::printable(name) + " is not a regular file; --in-place rewrites regular files "
                    "only (it was left as it was)");
        continue;
      }
      if (opened.status != io::OutputFile::Status::ok) {
        report(opened.error);
        continue;
      }
      pgn::FenRewriteCounts counts;
      bool output_failed = false;
      io::InputSummary summary;
      {
        io::OutputBuffer out(file, kOutputBufferSize);
        summary = read_inputs(std::span<const std::string>(&name, 1), out, counts);
        output_failed = !out.flush();
      }
      if (summary.io_error && !output_failed) {
        file.abandon();
        not_written(file, name, "it could not be read");
        continue;
      }
      if (!output_failed && counts.rewritten == 0) {
        file.abandon();  // nothing to change: the file keeps even its modification time
        continue;
      }
      if (const std::optional<io::IoError> error = file.commit()) {
        report(*error);
        not_written(file, name, "its new text could not be written");
      }
    }
  }

  // "xfen pgn canon: out.pgn was left as it was (an input could not be read)", or "... was not
  // written (...)" when there was no such file.
  void not_written(const io::OutputFile& file, std::string_view name, std::string_view why) {
    if (format_ == DiagnosticFormat::json_lines) return;  // the I/O error said it, as JSON
    errors_.write(kCommand);
    errors_.write(xfen::printable(name));
    errors_.write(file.target_existed() ? " was left as it was (" : " was not written (");
    errors_.write(why);
    errors_.write(")\n");
  }

  const PgnCanonOptions& options_;
  const io::StandardStreams& streams_;
  DiagnosticFormat format_;
  io::OutputBuffer errors_;
  std::vector<char> chunk_;  // the read buffer, one for the whole run
  pgn::FenRewriteCounts counts_;
  std::uint64_t files_ = 0;
  bool failed_ = false;       // a usage or I/O error: exit 2
  bool any_error_ = false;    // some FEN (or the PGN text) could not be read: exit 1
  bool output_lost_ = false;  // the rewritten text did not all arrive
};

}  // namespace

ExitStatus run_pgn_canon(const PgnCanonOptions& options, const io::StandardStreams& streams) {
  PgnCanonRun run(options, streams);
  return run.run();
}

}  // namespace xfen::cli
