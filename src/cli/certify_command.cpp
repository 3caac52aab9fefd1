#include "certify_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>

#include "case_expectations.hpp"
#include "certification.hpp"
#include "certify_text_report.hpp"
#include "command_output.hpp"
#include "escape.hpp"
#include "fd_source.hpp"
#include "line_reader.hpp"
#include "report_formats.hpp"
#include "suite_manifest.hpp"

#include <fcntl.h>

namespace xfen::cli {
namespace {

using certify::CertifyCase;

class SuiteCases final : public certify::CaseSource {
 public:
  explicit SuiteCases(const std::vector<const conformance::Case*>& cases) : cases_(cases) {}
  bool next(CertifyCase& next) override {
    if (at_ == cases_.size()) return false;
    next = certify::certify_case_from_suite(*cases_[at_++]);
    return true;
  }

 private:
  const std::vector<const conformance::Case*>& cases_;
  std::size_t at_ = 0;
};

// The records of an --inputs file, read as the run goes: one per line, "\n" or "\r\n" ending it.
class RecordFileCases final : public certify::CaseSource {
 public:
  explicit RecordFileCases(int fd) : source_(fd), lines_(source_) {}
  bool next(CertifyCase& next) override {
    Line line;
    if (!lines_.next(line)) return false;
    if (line.too_long) {
      // Not a record any reader takes (xfen's limit is far below it): counted and reported, so
      // that no line of the file goes missing from the report.
      next = CertifyCase{};
      next.id = "line " + std::to_string(line.number);
      next.expectation = certify::Expectation::reject;
      next.case_class = conformance::CaseClass::invalid;
      next.unsendable = "a line over " + std::to_string(kMaxLineLength) +
                        " bytes, far longer than any record: not sent";
      return true;
    }
    next = certify::certify_case_from_record(line.text, line.number);
    return true;
  }
  int error() const noexcept { return lines_.error(); }

 private:
  FdSource source_;
  LineReader lines_;
};

// One id or glob per line; '#' starts a comment; blank lines are ignored.
std::optional<std::vector<std::string>> read_skip_file(const std::filesystem::path& file,
                                                       OutputBuffer& errors) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    errors.write("xfen certify: cannot read the skip file " + escaped(file.string()) + ": " +
                 std::strerror(errno) + "\n");
    return std::nullopt;
  }
  std::vector<std::string> patterns;
  std::string line;
  while (std::getline(in, line)) {
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos) continue;
    const std::size_t end = line.find_last_not_of(" \t\r");
    patterns.push_back(line.substr(begin, end - begin + 1));
  }
  return patterns;
}

// A report file, created before the run so that a path that cannot be written is reported at
// once, not after the run.
struct ReportFile {
  std::filesystem::path path;
  std::ofstream stream;
  std::string (*render)(const certify::CertifyReport&);
};

bool open_report(const std::optional<std::filesystem::path>& path,
                 std::string (*render)(const certify::CertifyReport&),
                 std::vector<ReportFile>& files, OutputBuffer& errors) {
  if (!path) return true;
  ReportFile file{*path, std::ofstream(*path, std::ios::binary | std::ios::trunc), render};
  if (!file.stream) {
    errors.write("xfen certify: cannot write " + escaped(path->string()) + ": " +
                 std::strerror(errno) + "\n");
    return false;
  }
  files.push_back(std::move(file));
  return true;
}

void show_progress(ByteSink& terminal, std::uint64_t done, const certify::Tallies& so_far) {
  const std::string line = "\r\x1b[Kxfen certify: " + std::to_string(done) + " cases, " +
                           std::to_string(so_far.passed) + " passed, " +
                           std::to_string(so_far.failed) + " failed, " +
                           std::to_string(so_far.skipped) + " skipped";
  terminal.write(line);
}

}  // namespace

ExitStatus run_certify(const CertifyCommandOptions& options, const StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  certify::CertifyReport report;
  report.command = options.command;
  report.name = options.name.empty() ? options.command : options.name;
  report.mode = options.mode;
  report.accepted_spellings = options.accepted;

  std::vector<std::string> skip_patterns;
  if (options.skip_file) {
    auto patterns = read_skip_file(*options.skip_file, output.errors);
    if (!patterns) return output.finish(), ExitStatus::failure;
    skip_patterns = std::move(*patterns);
  }

  // The cases: the suite's selected ones, or the records of --inputs.
  std::optional<SelectedCases> selected;
  std::unique_ptr<certify::CaseSource> source;
  RecordFileCases* record_file = nullptr;  // the source, with --inputs
  int inputs_fd = -1;
  if (options.inputs) {
    inputs_fd = ::open(options.inputs->c_str(), O_RDONLY | O_CLOEXEC);
    if (inputs_fd < 0) {
      output.errors.write("xfen certify: cannot read " + escaped(options.inputs->string()) + ": " +
                          std::strerror(errno) + "\n");
      return output.finish(), ExitStatus::failure;
    }
    report.source = options.inputs->string();
    auto file = std::make_unique<RecordFileCases>(inputs_fd);
    record_file = file.get();
    source = std::move(file);
  } else {
    const auto version = conformance::read_suite_version(options.selection.suite_directory);
    if (const auto* problem = std::get_if<conformance::ManifestProblem>(&version)) {
      output.errors.write("xfen certify: " + escaped(problem->what) + "\n");
      return output.finish(), ExitStatus::failure;
    }
    report.suite_version = std::get<std::string>(version);
    report.source = options.selection.suite_directory.string();
    selected = load_selected_cases(options.selection, output);
    if (!selected) return ExitStatus::failure;
    source = std::make_unique<SuiteCases>(selected->cases);
  }
  const struct CloseInputs {
    int fd;
    ~CloseInputs() { if (fd >= 0) ::close(fd); }
  } close_inputs{inputs_fd};

  std::vector<ReportFile> report_files;
  if (!open_report(options.json, certify::json_report, report_files, output.errors) ||
      !open_report(options.junit, certify::junit_report, report_files, output.errors) ||
      !open_report(options.html, certify::html_report, report_files, output.errors))
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
    output.errors.write("xfen certify: cannot start the implementation: " +
                        escaped(report.run.start_error) + "\n");
    // No report of a run that did not happen: the files opened for it go again.
    for (ReportFile& file : report_files) {
      file.stream.close();
      std::error_code ignored;
      std::filesystem::remove(file.path, ignored);
    }
    return output.finish(), ExitStatus::failure;
  }
  if (record_file != nullptr && record_file->error() != 0) {
    output.errors.write("xfen certify: error reading " + escaped(report.source) + ": " +
                        std::strerror(record_file->error()) + "\n");
    return output.finish(), ExitStatus::failure;
  }

  write_text_report(report, output.out);
  bool reports_written = true;
  for (ReportFile& file : report_files) {
    const std::string document = file.render(report);
    file.stream.write(document.data(), static_cast<std::streamsize>(document.size()));
    file.stream.close();
    if (!file.stream) {
      output.errors.write("xfen certify: cannot write " + escaped(file.path.string()) + "\n");
      reports_written = false;
    }
  }
  if (!output.finish() || !reports_written) return ExitStatus::failure;
  return report.failed() ? ExitStatus::invalid : ExitStatus::success;
}

}  // namespace xfen::cli
