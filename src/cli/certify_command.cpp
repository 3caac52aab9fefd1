#include "cli/certify_command.hpp"

#include <chrono>
#include <memory>

#include <xfen/message.hpp>

#include "certify/grade/certification.hpp"
#include "certify/grade/certify_case.hpp"
#include "certify/report/reports.hpp"
#include "cli/command_output.hpp"
#include "conformance/suite_manifest.hpp"
#include "io/input_files.hpp"
#include "io/line_reader.hpp"
#include "io/output_file.hpp"

namespace xfen::cli {
namespace {

// One id or glob per line; '#' starts a comment; blank lines are ignored.
std::optional<std::vector<std::string>> read_skip_file(const std::filesystem::path& file,
                                                       CommandOutput& output) {
  const std::string name = file.string();
  io::InputFile input(name);
  if (input.open_error()) return output.report(*input.open_error()), std::nullopt;
  io::LineReader lines(input.source());
  std::vector<std::string> patterns;
  io::Line line;
  while (lines.next(line)) {
    if (line.too_long) {
      output.errors.write("xfen: " + xfen::printable(name) + ":" + std::to_string(line.number) +
                          ": a line over " + std::to_string(io::kMaxLineLength) +
                          " bytes, which names no case\n");
      return std::nullopt;
    }
    std::string_view text = line.text;
    if (const std::size_t hash = text.find('#'); hash != std::string_view::npos)
      text = text.substr(0, hash);
    const std::size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) continue;
    const std::size_t end = text.find_last_not_of(" \t\r");
    patterns.emplace_back(text.substr(begin, end - begin + 1));
  }
  if (lines.error() != 0) {
    output.report({io::IoOperation::read, name, lines.error()});
    return std::nullopt;
  }
  return patterns;
}

// A report file, prepared before the run (its temporary file made beside it), so that a path
// that cannot be written is reported at once, not after the run; it takes the place of the
// target only when whole (io::OutputFile).
struct ReportFile {
  std::string path;
  std::unique_ptr<io::OutputFile> file;  // not movable: a temporary file is its own
  std::string (*render)(const certify::CertifyReport&);
};

bool open_report(const std::optional<std::filesystem::path>& path,
                 std::string (*render)(const certify::CertifyReport&),
                 std::vector<ReportFile>& files, CommandOutput& output) {
  if (!path) return true;
  ReportFile report{path->string(), std::make_unique<io::OutputFile>(), render};
  const io::OutputFile::Opened opened = report.file->open(report.path, io::OutputFile::Mode::output);
  if (opened.status != io::OutputFile::Status::ok) {
    output.report(opened.error);
    return false;
  }
  files.push_back(std::move(report));
  return true;
}

void show_progress(io::ByteSink& terminal, std::uint64_t done, const certify::Tallies& so_far) {
  const std::string line = "\r\x1b[Kxfen certify: " + std::to_string(done) + " cases, " +
                           std::to_string(so_far.passed) + " passed, " +
                           std::to_string(so_far.failed) + " failed, " +
                           std::to_string(so_far.skipped) + " skipped";
  terminal.write(line);
}

}  // namespace

ExitStatus run_certify(const CertifyCommandOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  certify::CertifyReport report;
  report.command = options.command;
  report.name = options.name.empty() ? options.command : options.name;
  report.mode = options.mode;
  report.accepted_spellings = options.accepted;

  std::vector<std::string> skip_patterns;
  if (options.skip_file) {
    auto patterns = read_skip_file(*options.skip_file, output);
    if (!patterns) return output.finish(), ExitStatus::failure;
    skip_patterns = std::move(*patterns);
  }

  // The cases: the suite's selected ones, or the records of --inputs.
  std::optional<SelectedCases> selected;
  std::unique_ptr<certify::CaseSource> source;
  certify::RecordFileCases* record_file = nullptr;  // the source, with --inputs
  std::optional<io::InputFile> inputs;
  if (options.inputs) {
    report.source = options.inputs->string();
    inputs.emplace(report.source);
    if (inputs->open_error()) return output.report(*inputs->open_error()), output.finish(), ExitStatus::failure;
    auto file = std::make_unique<certify::RecordFileCases>(inputs->source());
    record_file = file.get();
    source = std::move(file);
  } else {
    const auto version = conformance::read_suite_version(options.selection.suite_directory);
    if (const auto* problem = std::get_if<conformance::ManifestProblem>(&version)) {
      output.errors.write("xfen: " + xfen::printable(problem->what) + "\n");
      return output.finish(), ExitStatus::failure;
    }
    report.suite_version = std::get<std::string>(version);
    report.source = options.selection.suite_directory.string();
    selected = load_selected_cases(options.selection, output);
    if (!selected) return ExitStatus::failure;
    source = std::make_unique<certify::SuiteCases>(selected->cases);
  }
  std::vector<ReportFile> report_files;
  if (!open_report(options.json, certify::json_report, report_files, output) ||
      !open_report(options.junit, certify::junit_report, report_files, output) ||
      !open_report(options.html, certify::html_report, report_files, output))
    return output.finish(), ExitStatus::failure;

  certify::CertifyOptions run;
  run.runner.command = options.command;
  run.runner.mode = options.mode;
  run.runner.timeout = std::chrono::milliseconds(options.timeout_ms);
  run.runner.jobs = options.jobs;
  run.runner.max_restarts = options.max_restarts;
  run.accepted = options.accepted;
  run.skip_patterns = std::move(skip_patterns);
  run.list_passes = !options.inputs;
  if (options.progress)
    run.progress = [&streams, shown = std::chrono::steady_clock::time_point{}](
                       std::uint64_t done, const certify::Tallies& so_far) mutable {
      // Ten times a second at most: a terminal redrawn per case would cost more than the run.
      const auto now = std::chrono::steady_clock::now();
      if (now - shown < std::chrono::milliseconds(100)) return;
      shown = now;
      show_progress(streams.errors, done, so_far);
    };
  certify::certify(run, *source, report);
  if (options.progress) streams.errors.write(std::string_view("\r\x1b[K"));

  if (!report.run.started) {
    output.errors.write("xfen: cannot start the implementation: " +
                        xfen::printable(report.run.start_error) + "\n");
    // No report of a run that did not happen: each file stays as it was (~OutputFile).
    return output.finish(), ExitStatus::failure;
  }
  if (record_file != nullptr && record_file->error() != 0) {
    output.report({io::IoOperation::read, report.source, record_file->error()});
    return output.finish(), ExitStatus::failure;
  }

  certify::write_text_report(report, output.out);
  bool reports_written = true;
  for (ReportFile& file : report_files) {
    const std::string document = file.render(report);
    std::optional<io::IoError> error;
    if (!file.file->write(document)) error = io::IoError{io::IoOperation::write, file.path, file.file->error()};
    if (!error) error = file.file->commit();
    if (error) {
      output.report(*error);
      reports_written = false;
    }
  }
  if (!output.finish() || !reports_written) return ExitStatus::failure;
  return report.failed() ? ExitStatus::invalid : ExitStatus::success;
}

}  // namespace xfen::cli
