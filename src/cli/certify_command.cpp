#include "cli/certify_command.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include <xfen/message.hpp>

#include "certify/grade/certification.hpp"
#include "certify/grade/certify_case.hpp"
#include "certify/grade/joined.hpp"
#include "certify/report/reports.hpp"
#include "certify/report/report_reading.hpp"
#include "cli/certify_generate.hpp"
#include "cli/command_output.hpp"
#include "cli/saved_cases.hpp"
#include "cli/skip_list.hpp"
#include "conformance/nearest_names.hpp"
#include "conformance/suite_manifest.hpp"
#include "io/input_files.hpp"
#include "io/output_file.hpp"

namespace xfen::cli {
namespace {

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

// "xfen certify: 312 of 711 cases, 310 passed, 2 failed, 0 skipped, 95 cases/s, 4 s left"; the
// total and the time left only when the number of cases is known (the suite, not --inputs).
void show_progress(io::ByteSink& terminal, std::uint64_t done, std::uint64_t total, double seconds,
                   const certify::Tallies& so_far) {
  std::string line = "\r\x1b[Kxfen certify: " + std::to_string(done) +
                     (total > 0 ? " of " + std::to_string(total) : "") + " cases, " +
                     std::to_string(so_far.passed) + " passed, " + std::to_string(so_far.failed) +
                     " failed, " + std::to_string(so_far.skipped) + " skipped";
  if (seconds > 0.5 && done > 0) {
    const double rate = static_cast<double>(done) / seconds;
    line += ", " + std::to_string(static_cast<std::uint64_t>(rate + 0.5)) + " cases/s";
    if (total >= done) {
      const double left = static_cast<double>(total - done) / rate;
      line += ", " + std::to_string(static_cast<std::uint64_t>(left + 0.5)) + " s left";
    }
  }
  terminal.write(line);
}

// Now, in UTC, as ISO 8601 to the second: "2026-12-04T01:23:45Z". Empty should the clock fail.
std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  char text[32];
  if (::gmtime_r(&now, &utc) == nullptr || std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0)
    return {};
  return text;
}

// The options that narrowed the run, as a reader would type them again.
std::vector<std::string> selection_words(const CertifyCommandOptions& options) {
  std::vector<std::string> words;
  if (options.inputs) words.push_back("--inputs " + options.inputs->string());
  if (options.rerun_failed) words.push_back("--rerun-failed " + options.rerun_failed->string());
  const conformance::CaseFilter& filter = options.selection.filter;
  for (const std::string& tag : filter.tags) words.push_back("--tag " + tag);
  for (const conformance::CaseClass case_class : filter.classes)
    words.push_back("--class " + std::string(conformance::case_class_name(case_class)));
  if (!options.rerun_failed)
    for (const std::string& glob : filter.id_globs) words.push_back("--id '" + glob + "'");
  return words;
}

// The program could not run: one message, then what it wrote on stderr, as its lines prefixed
// like the text report's.
void report_cannot_run(const certify::CertifyReport& report, io::OutputBuffer& errors) {
  errors.write("xfen: cannot run the implementation: ");
  certify::write_untrusted_lines(report.run.start_error, " ", errors);
  if (!report.run.stderr_tail.empty()) {
    errors.write("\n  its standard error:\n    | ");
    certify::write_untrusted_lines(report.run.stderr_tail, "\n    | ", errors);
  }
  errors.put('\n');
}

// Why --supports cannot be graded with: a tag that is not one of the suite's capabilities (with the
// nearest), or none declared at all.
std::optional<std::string> unknown_capability(const std::vector<std::string>& supports,
                                              const std::vector<std::string>& capabilities) {
  const std::string known = certify::joined(capabilities, ", ");
  if (capabilities.empty())
    return std::string("--supports needs a suite whose manifest lists its capabilities (suite 1.1.0 or later)");
  if (supports.empty()) return "--supports names no capability (the capabilities are " + known + ")";
  for (const std::string& tag : supports) {
    if (std::find(capabilities.begin(), capabilities.end(), tag) != capabilities.end()) continue;
    std::string problem = "--supports '" + xfen::printable(tag) + "' is not a capability of the suite";
    const std::vector<std::string> near = conformance::nearest_names(tag, capabilities);
    if (!near.empty()) problem += "; did you mean '" + near.front() + "'?";
    return problem + " (the capabilities are " + known + ")";
  }
  return std::nullopt;
}

}  // namespace

ExitStatus run_certify(const CertifyCommandOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  const auto usage_error = [&output](const std::string& message) {
    output.errors.write("xfen certify: " + message + "\n");
    output.finish();
    return ExitStatus::failure;
  };
  if (options.command.empty()) return usage_error("--impl is required: the implementation's command");
  certify::CertifyReport report;
  report.command = options.command;
  report.per_case_command = options.per_case_command;
  report.name = options.name.empty() ? options.command : options.name;
  report.version = options.version;
  report.mode = options.mode;
  report.accepted_spellings = options.accepted;
  report.accepted_layouts = options.accepted_layouts;
  report.selection = selection_words(options);

  std::vector<SkipPattern> skip_patterns;
  if (options.skip_file) {
    auto patterns = read_skip_list(*options.skip_file, streams.input, output);
    if (!patterns) return output.finish(), ExitStatus::failure;
    skip_patterns = std::move(*patterns);
    report.skip_file = options.skip_file->string();
    report.skip_patterns = skip_patterns.size();
  }

  // The cases: the suite's selected ones, or the records of --inputs.
  std::optional<SelectedCases> selected;
  std::unique_ptr<certify::CaseSource> source;
  certify::RecordFileCases* record_file = nullptr;  // the source, with --inputs
  std::optional<io::InputFile> inputs;
  std::uint64_t case_count = 0;  // for the progress line; unknown with --inputs
  // The manifest: the suite's name and size, and its capability tags (--supports is checked
  // against them with --inputs too, whose records are tagged with their board's width).
  const bool suite_run = !options.inputs && !options.generate;
  if (suite_run || options.supports) {
    const auto manifest = conformance::read_suite_manifest(options.selection.suite_directory);
    if (const auto* problem = std::get_if<conformance::ManifestProblem>(&manifest)) {
      output.errors.write("xfen: " + xfen::printable(problem->what) + "\n");
      return output.finish(), ExitStatus::failure;
    }
    const auto& suite = std::get<conformance::SuiteManifest>(manifest);
    if (suite_run) {
      report.suite_version = suite.version;
      report.suite_cases = suite.cases;
    }
    report.capabilities = suite.capabilities;
    if (options.supports)
      if (const auto problem = unknown_capability(*options.supports, suite.capabilities))
        return usage_error(*problem);
  }
  const std::uint64_t seed = options.generate ? generation_seed(options) : 0;
  if (options.generate) {
    report.source = "generated records";
    report.selection = generation_words(options, seed);
  } else if (options.inputs) {
    report.source = options.inputs->string();
    inputs.emplace(report.source);
    if (inputs->open_error()) return output.report(*inputs->open_error()), output.finish(), ExitStatus::failure;
    auto file = std::make_unique<certify::RecordFileCases>(inputs->source());
    record_file = file.get();
    source = std::move(file);
  } else {
    report.source = options.selection.suite_directory.string();
    SuiteSelection selection = options.selection;
    if (options.rerun_failed) {
      auto failed = certify::failed_case_ids(options.rerun_failed->string());
      if (const auto* problem = std::get_if<certify::ReportReadError>(&failed)) {
        output.errors.write("xfen: " + problem->message + "\n");  // made printable by the reader
        return output.finish(), ExitStatus::failure;
      }
      auto& ids = std::get<std::vector<std::string>>(failed);
      if (ids.empty()) {
        output.errors.write("xfen certify: no case failed in " + xfen::printable(options.rerun_failed->string()) +
                            ": nothing to rerun\n");
        return output.finish() ? ExitStatus::success : ExitStatus::failure;
      }
      selection.filter.id_globs = std::move(ids);
    }
    selected = load_selected_cases(selection, output);
    if (!selected) return ExitStatus::failure;
    if (const auto why = conformance::why_nothing_is_selected(selected->suite, selection.filter))
      return usage_error("nothing to certify: " + *why);
    if (options.skip_file &&
        !every_pattern_names_a_case(*options.skip_file, skip_patterns, selected->suite, output))
      return output.finish(), ExitStatus::failure;
    case_count = selected->cases.size();
    source = std::make_unique<certify::SuiteCases>(selected->cases);
  }
  // The suite run --suite-report names, read before the run so that a bad file stops it at once.
  std::optional<certify::ReadReport> suite_report;
  if (options.generation.suite_report) {
    auto read = certify::read_json_report(options.generation.suite_report->string());
    if (const auto* problem = std::get_if<certify::ReportReadError>(&read)) {
      output.errors.write("xfen: " + problem->message + "\n");  // made printable by the reader
      return output.finish(), ExitStatus::failure;
    }
    suite_report = std::move(std::get<certify::ReadReport>(read));
    if (!suite_report->suite_version)
      return usage_error("--suite-report " + xfen::printable(options.generation.suite_report->string()) +
                         " is the report of a run on a file's records, not on the suite");
  }
  // The classifier --save-cases needs, checked before the run rather than after it.
  const std::filesystem::path classifier = suite_classifier(options.selection.suite_directory);
  if (options.generation.save_cases && !options.generate && !options.inputs)
    return usage_error("--save-cases needs --generate or --inputs: a suite run's failures are cases already");
  if (options.generation.save_cases && !std::filesystem::is_regular_file(classifier))
    return usage_error("--save-cases needs the suite's classifier, tools/conformance/classify.py of xfen's source "
                       "tree, beside the suite (--suite SOURCE/corpus/conformance): there is no " +
                       xfen::printable(classifier.string()));
  std::vector<ReportFile> report_files;
  if (!open_report(options.json, certify::json_report, report_files, output) ||
      !open_report(options.junit, certify::junit_report, report_files, output) ||
      !open_report(options.html, certify::html_report, report_files, output) ||
      !open_report(options.badge, certify::badge_svg, report_files, output) ||
      !open_report(options.badge_endpoint, certify::badge_endpoint_json, report_files, output))
    return output.finish(), ExitStatus::failure;

  certify::CertifyOptions run;
  run.runner.command = options.command;
  run.runner.mode = options.mode;
  run.runner.timeout = std::chrono::milliseconds(options.timeout_ms);
  run.runner.startup_allowance = std::chrono::milliseconds(options.startup_ms);
  run.runner.jobs = options.jobs;
  run.runner.max_restarts = options.max_restarts;
  run.per_case_command = options.per_case_command;
  run.accepted = options.accepted;
  run.accepted_layouts = options.accepted_layouts;
  run.supports = report.supports = options.supports;
  run.capabilities = report.capabilities;
  for (SkipPattern& skip : skip_patterns) run.skip_patterns.push_back(std::move(skip.pattern));
  run.list_passes = !options.inputs;
  if (options.progress)
    run.progress = [&streams, case_count, started = std::chrono::steady_clock::now(),
                    shown = std::chrono::steady_clock::time_point{}](std::uint64_t done,
                                                                      const certify::Tallies& so_far) mutable {
      // Ten times a second at most: a terminal redrawn per case would cost more than the run.
      const auto now = std::chrono::steady_clock::now();
      if (now - shown < std::chrono::milliseconds(100)) return;
      shown = now;
      show_progress(streams.errors, done, case_count, std::chrono::duration<double>(now - started).count(), so_far);
    };
  report.date = utc_now();
  if (options.generate) {
    certify::GenerativeOptions generation = generative_options(options, seed, run);
    if (options.progress) generation.progress = generation_progress(streams.errors);
    certify::certify_generated(generation, report);
    if (suite_report) mark_groups_the_suite_shows(*suite_report, options.generation.suite_report->string(), report);
  } else {
    certify::certify(run, *source, report);
  }
  if (options.progress) streams.errors.write(std::string_view("\r\x1b[K"));

  if (record_file != nullptr && record_file->error() != 0) {
    output.report({io::IoOperation::read, report.source, record_file->error()});
    return output.finish(), ExitStatus::failure;
  }
  if (report.run.started) {
    certify::write_text_report(report, output.out);
  } else {
    report_cannot_run(report, output.errors);
  }
  // Every requested report, also of a run that could not start: CI then shows why it failed
  // instead of "no test results".
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
  if (options.generation.save_cases && report.run.started &&
      !save_cases(options.generate ? generated_cases(report) : input_cases(report), *options.generation.save_cases,
                  classifier, output))
    reports_written = false;
  if (!output.finish() || !reports_written || !report.run.started) return ExitStatus::failure;
  return report.failed() ? ExitStatus::invalid : ExitStatus::success;
}

}  // namespace xfen::cli
