// The xfen command: subcommands wired to CLI11. Each command lives in its own file and knows
// nothing of CLI11; this file only turns arguments into their option structs.
#include <algorithm>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>

#include <xfen/message.hpp>
#include <xfen/style_names.hpp>

#include "certify/grade/spelling.hpp"
#include "certify/run/runner.hpp"
#include "cli/adapter_command.hpp"
#include "cli/canon_command.hpp"
#include "cli/certify_command.hpp"
#include "cli/certify_diff_command.hpp"
#include "cli/certify_matrix_command.hpp"
#include "cli/check_command.hpp"
#include "cli/exit_status.hpp"
#include "cli/explain_command.hpp"
#include "cli/named_choice_option.hpp"
#include "cli/pgn_canon_command.hpp"
#include "cli/pgn_extract_command.hpp"
#include "cli/pgn_lint_command.hpp"
#include "cli/suite_directory.hpp"
#include "cli/suite_export_command.hpp"
#include "cli/suite_list_command.hpp"
#include "io/byte_stream.hpp"
#include "io/fd_stream.hpp"

namespace {

using xfen::cli::ExitStatus;

void add_lenient_flag(CLI::App& command, xfen::ParseOptions& parse) {
  command.add_flag_callback(
      "--lenient", [&parse] { parse.profile = xfen::Profile::lenient; },
      "Read real-world data: accept the relaxations of SPEC R9, each reported as a warning");
}

// The layout of the records read (SPEC R15). Not offered by `xfen pgn`: a FEN tag holds the full
// record. A command that also writes records writes the same fields (see run()).
void add_fields_option(CLI::App& command, xfen::ParseOptions& parse, std::string_view written) {
  xfen::cli::add_named_choice_option<xfen::RecordFields>(
      command, "--fields", parse.fields, xfen::record_fields_names(),
      xfen::record_fields_from_name,
      "The fields of each record: full (all six), epd (board, side to move, castling, en passant; "
      "the counters read as 0 1; EPD operations are not read), board (the board alone; read as "
      "w - - 0 1)" + std::string(written));
}

CLI::Option* add_files_argument(CLI::App& command, std::vector<std::string>& files) {
  return command.add_option("FILE", files, "Files to read, one record per line; '-' or none: stdin");
}

// What check and pgn lint report, and how.
void add_report_flags(CLI::App& command, bool& legal, bool& json, bool& quiet) {
  command.add_flag("--legal", legal,
                   "Also report legality findings (kings, pawns, check, en passant clock)");
  command.add_flag("--json", json, "One JSON object per diagnostic (JSON Lines)");
  command.add_flag("-q,--quiet", quiet, "No summary on stderr");
}

CLI::Option* add_pgn_files_argument(CLI::App& command, std::vector<std::string>& files) {
  return command.add_option("FILE", files, "PGN files to read; '-' or none: stdin");
}

void add_write_style_options(CLI::App& command, xfen::WriteOptions& write) {
  xfen::cli::add_named_choice_option<xfen::CastlingStyle>(
      command, "--castling", write.castling, xfen::castling_style_names(),
      xfen::castling_style_from_name,
      "Castling rights: xfen (K/Q, file letter for an inner rook), shredder (file letters), "
      "classic (K/Q only)");
  xfen::cli::add_named_choice_option<xfen::EnPassantStyle>(
      command, "--ep", write.en_passant, xfen::en_passant_style_names(),
      xfen::en_passant_style_from_name,
      "En passant square: xfen (when a pawn could capture), always (as read), legal (when a "
      "capture is legal)");
}

// --- xfen suite ---
// The options `suite list` and `suite export` share: which cases, and from which suite.
void add_suite_selection_options(CLI::App& command, xfen::cli::SuiteSelection& selection) {
  command
      .add_option("--tag", selection.filter.tags,
                  "Only cases with this tag (repeatable: all of them)")
      ->type_name("TAG")
      ->allow_extra_args(false);
  xfen::cli::add_repeated_named_choice_option<xfen::conformance::CaseClass>(
      command, "--class", selection.filter.classes, xfen::conformance::case_class_names(),
      xfen::conformance::case_class_from_name,
      "Only cases of this class (repeatable: any of them)");
  command
      .add_option("--id", selection.filter.id_globs,
                  "Only cases whose id matches (shell-style * and ?; repeatable: any of them)")
      ->type_name("GLOB")
      ->allow_extra_args(false);
  selection.suite_directory = xfen::cli::default_suite_directory();
  command.add_option("--suite", selection.suite_directory, "The conformance suite's folder")
      ->type_name("DIR")
      ->default_str(selection.suite_directory.string());
}
// --- end xfen suite ---

// --- xfen certify ---
// "shredder,ep-always": each name one of the spellings, into `accepted`.
void add_spelling_list_option(CLI::App& command, xfen::certify::SpellingSet& accepted) {
  std::string listed;
  for (const auto spelling : xfen::certify::all_spellings())
    (listed += listed.empty() ? "" : ", ") += xfen::certify::spelling_name(spelling);
  command
      .add_option_function<std::vector<std::string>>(
          "--accept-spelling",
          [&accepted](const std::vector<std::string>& names) {
            for (const std::string& name : names) accepted.add(*xfen::certify::spelling_from_name(name));
            if (const auto conflict = accepted.conflict()) throw CLI::ValidationError("--accept-spelling", *conflict);
          },
          "Declare the program's spelling, at most one per field (comma-separated): " + listed +
              ". Every answer must then write its record as that spelling does, where X-FEN's "
              "would differ too; without it, as X-FEN does")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(CLI::Validator(
          [listed](std::string& name) {
            return xfen::certify::spelling_from_name(name) ? std::string()
                                                           : "'" + name + "' is not one of " + listed;
          },
          "one of " + listed));
}

// --generate and what only it uses. Each of the others needs it; the suite's selection, --inputs
// and a skip list (whose ids name cases) mean nothing for generated records.
void add_generate_options(CLI::App& command, xfen::cli::CertifyCommandOptions& options) {
  xfen::cli::GenerateSettings& settings = options.generation;
  CLI::Option* generate =
      command
          .add_option("--generate", options.generate,
                      "Certify against N records made by xfen's record generator instead of the suite; "
                      "each disagreement is shrunk to a minimal record, and the distinct ones grouped")
          ->type_name("N")
          ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
  generate->excludes(command.get_option("--inputs"));
  for (const char* suite_only : {"--tag", "--class", "--id", "--rerun-failed"})
    generate->excludes(command.get_option(suite_only));
  const std::vector<CLI::Option*> needing_generate{
      command.add_option("--seed", settings.seed, "--generate: the seed (default: a random one, reported)")
          ->type_name("S"),
      command.add_option("--from", settings.from, "--generate: the index of the first record (a replay of one)")
          ->type_name("I"),
      command.add_option("--time", settings.time, "--generate: stop generating after this many seconds")
          ->type_name("SECONDS")
          ->check(CLI::PositiveNumber),
      xfen::cli::add_named_choice_option<xfen::generate::RecordProfile>(
          command, "--profile", settings.profile, xfen::generate::record_profile_names(),
          xfen::generate::record_profile_from_name,
          "--generate: the records made: all, 8x8 (standard castling), chess960, 10x8 (Capablanca)"),
      command
          .add_option("--stale-limit", settings.stale_limit,
                      "--generate: stop after this many records in a row without a new disagreement")
          ->capture_default_str()
          ->check(CLI::PositiveNumber),
      command
          .add_option("--shrink-calls", settings.max_shrink_calls,
                      "--generate: answers asked at most to shrink one disagreement")
          ->capture_default_str()
          ->check(CLI::PositiveNumber),
      command
          .add_option("--shrink-time", settings.max_shrink_seconds,
                      "--generate: seconds at most to shrink one disagreement")
          ->capture_default_str()
          ->check(CLI::PositiveNumber),
      command
          .add_option("--suite-report", settings.suite_report,
                      "--generate: a JSON report of a suite run of the same program; each group says "
                      "whether a suite case fails the same way, or only generation found it")
          ->type_name("REPORT.json")};
  for (CLI::Option* option : needing_generate) option->needs(generate);
  // Also for --inputs: a fuzzer's findings, already minimised, become cases the same way.
  command
      .add_option("--save-cases", settings.save_cases,
                  "--generate: write each minimal disagreement as a conformance case (JSON lines); "
                  "--inputs: each distinct disagreement, its first record")
      ->type_name("FILE.jsonl");
  generate->excludes(command.get_option("--skip-file"));
}

void add_certify_options(CLI::App& command, xfen::cli::CertifyCommandOptions& options) {
  // Not CLI11-required: `xfen certify diff` has none; run_certify says it is missing.
  command.add_option("--impl", options.command, "The implementation: a command run with /bin/sh -c")
      ->type_name("COMMAND");
  command
      .add_option("--per-case-impl", options.per_case_command,
                  "With stream mode: a command run once per record (as --mode per-case) for the "
                  "records a line cannot carry, so that every case is graded")
      ->type_name("COMMAND");
  xfen::cli::add_named_choice_option<xfen::certify::Mode>(
      command, "--mode", options.mode, xfen::certify::mode_names(), xfen::certify::mode_from_name,
      "stream (one process, one record per line) or per-case (one process per record, binary-safe)");
  command.add_option("--name", options.name, "The implementation's name in reports (default: the command)");
  command.add_option("--impl-version", options.version,
                     "The implementation's version in reports (free text; default: none)")
      ->type_name("TEXT");
  add_suite_selection_options(command, options.selection);
  CLI::Option* inputs =
      command.add_option("--inputs", options.inputs,
                         "Certify against these records (one per line) instead of the suite; xfen's "
                         "reading of each is the expected answer")
          ->type_name("FILE");
  CLI::Option* rerun_failed =
      command.add_option("--rerun-failed", options.rerun_failed,
                         "Only the cases that failed in this JSON report of an earlier run (--json)")
          ->type_name("REPORT");
  rerun_failed->excludes(command.get_option("--id"));
  // The suite's selection means nothing for a file of records: refused rather than ignored.
  for (const char* suite_only : {"--tag", "--class", "--id", "--suite", "--rerun-failed"})
    inputs->excludes(command.get_option(suite_only));
  command.add_option("--skip-file", options.skip_file,
                     "Case ids or globs expected to fail, one per line ('#' comments): reported as "
                     "skipped, or as unexpected-pass when they pass")
      ->type_name("FILE");
  add_spelling_list_option(command, options.accepted);
  command
      .add_option_function<std::vector<std::string>>(
          "--accept-layout",
          [&options](const std::vector<std::string>& names) {
            for (const std::string& name : names) options.accepted_layouts.add(*xfen::record_fields_from_name(name));
          },
          "Grade answers cut to these layouts as passes when their fields are right (comma-separated): "
          "epd (four fields, no clocks), board (the board alone)")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(CLI::IsMember({"epd", "board"}));
  command
      .add_option_function<std::vector<std::string>>(
          "--supports",
          [&options](const std::vector<std::string>& tags) {
            if (!options.supports) options.supports.emplace();
            for (const std::string& tag : tags)
              if (std::find(options.supports->begin(), options.supports->end(), tag) == options.supports->end())
                options.supports->push_back(tag);
          },
          "What the program plays, in the suite's capability tags (comma-separated: 8x8, 10x8, "
          "capablanca, chess960, shredder-input, prefix-s, prefix-m); cases needing another are "
          "not-applicable, counted apart")
      ->delimiter(',')
      ->type_name("TAGS");
  command
      .add_option("--startup-ms", options.startup_ms,
                  "Streaming: more time for each job's first answer, for a program slow to start")
      ->check(CLI::Range(0U, 3'600'000U))
      ->capture_default_str();
  command.add_option("--timeout-ms", options.timeout_ms, "Time limit per record")
      ->check(CLI::Range(1U, 3'600'000U))
      ->capture_default_str();
  options.jobs = std::clamp(std::thread::hardware_concurrency(), 1U, 256U);
  command.add_option("--jobs", options.jobs, "Processes at once (default: the number of cores)")
      ->check(CLI::Range(1U, 256U))
      ->capture_default_str();
  command.add_option("--max-restarts", options.max_restarts,
                     "Restarts after crashes and timeouts before the cases left are not run")
      ->check(CLI::Range(0U, 1'000'000U))
      ->capture_default_str();
  command.add_option("--json", options.json, "Also write the report as JSON")->type_name("FILE");
  command.add_option("--junit", options.junit, "Also write the report as JUnit XML")->type_name("FILE");
  command.add_option("--html", options.html, "Also write the report as one HTML page")->type_name("FILE");
  command.add_option("--badge", options.badge, "Also write a badge of the result as SVG")->type_name("FILE");
  command
      .add_option("--badge-endpoint", options.badge_endpoint,
                  "Also write the badge as a shields.io endpoint JSON document")
      ->type_name("FILE");
  add_generate_options(command, options);
}
// --- end xfen certify ---

// --- xfen certify diff ---
// `certify diff OLD NEW` compares two reports and runs nothing: the options of a run are refused
// with it rather than ignored.
CLI::App* add_certify_diff_command(CLI::App& certify, xfen::cli::CertifyDiffOptions& options) {
  CLI::App* diff = certify.add_subcommand(
      "diff", "What broke and what was fixed between two JSON reports (--json) of xfen certify");
  diff->add_option("OLD", options.old_report, "The report before the change")->required()->type_name("FILE");
  diff->add_option("NEW", options.new_report, "The report after it")->required()->type_name("FILE");
  for (CLI::Option* run_option : certify.get_options())
    if (run_option != certify.get_help_ptr()) diff->excludes(run_option);
  return diff;
}
// --- end xfen certify diff ---

// --- xfen certify matrix ---
// `certify matrix REPORT...` merges reports and runs nothing: the options of a run are refused
// with it, as with diff.
CLI::App* add_certify_matrix_command(CLI::App& certify, xfen::cli::CertifyMatrixOptions& options) {
  CLI::App* matrix = certify.add_subcommand(
      "matrix", "Merge JSON reports (--json) of xfen certify runs of one suite into one view: cases x runs");
  matrix->add_option("REPORT", options.reports, "The JSON report of each run, in column order")
      ->required()
      ->type_name("FILE");
  matrix->add_option("--markdown", options.markdown, "Write the tables by class, by tag and of the runs as Markdown")
      ->type_name("FILE");
  matrix->add_option("--json", options.json, "Write the merged matrix as JSON")->type_name("FILE");
  matrix->add_option("--html", options.html, "Write one HTML page: the tables, the grid and every failure")
      ->type_name("FILE");
  for (CLI::Option* run_option : certify.get_options())
    if (run_option != certify.get_help_ptr()) matrix->excludes(run_option);
  return matrix;
}
// --- end xfen certify matrix ---

// "xfen: unknown subcommand 'frob'; the subcommands are check, canon, explain, adapter", or
// "unknown option" for a word starting with '-'; "xfen suite: …" below `suite`.
void report_unknown_word(const CLI::App& app, const std::string& word) {
  std::string names;
  for (const CLI::App* subcommand : app.get_subcommands({}))
    (names += names.empty() ? "" : ", ") += subcommand->get_name();
  const std::string command = app.get_parent() ? "xfen " + app.get_name() : "xfen";
  std::fprintf(stderr, "%s: unknown %s '%s'; the subcommands are %s\n%s\n", command.c_str(),
               word.starts_with('-') ? "option" : "subcommand", xfen::printable(word).c_str(),
               names.c_str(), "Run with --help for more information.");
}

int run(int argc, char** argv) {
  CLI::App app{"Read, check and rewrite X-FEN records (Chess960 8x8, Capablanca 10x8)", "xfen"};
  app.set_version_flag("--version", std::string("xfen ") + XFEN_VERSION);
  app.require_subcommand(1);

  xfen::cli::CheckOptions check_options;
  CLI::App* check = app.add_subcommand("check", "Report every problem in files of records");
  add_lenient_flag(*check, check_options.parse);
  add_fields_option(*check, check_options.parse, "");
  add_report_flags(*check, check_options.legal, check_options.json, check_options.quiet);
  add_files_argument(*check, check_options.files);

  xfen::cli::CanonOptions canon_options;
  CLI::App* canon = app.add_subcommand("canon", "Write each record canonically");
  add_lenient_flag(*canon, canon_options.parse);
  add_fields_option(*canon, canon_options.parse, "; written with the same fields");
  add_write_style_options(*canon, canon_options.write);
  canon->add_flag("--aligned", canon_options.aligned,
                  "An empty line for each invalid record, so output line N answers input line N");
  canon->add_flag("--whole", canon_options.whole,
                  "All of stdin is one record, line feeds included (xfen certify --mode per-case)");
  add_files_argument(*canon, canon_options.files)->excludes("--whole");

  xfen::cli::ExplainOptions explain_options;
  CLI::App* explain = app.add_subcommand("explain", "Take one record apart, field by field");
  add_lenient_flag(*explain, explain_options.parse);
  add_fields_option(*explain, explain_options.parse, "; the canonical record has the same fields");
  explain->add_option("RECORD", explain_options.record, "The record, quoted as one argument")
      ->required();

  xfen::certify::AdapterOptions adapter_options;
  CLI::App* adapter = app.add_subcommand(
      "adapter", "Answer each line of stdin with one line: 'ok RECORD' or 'error CODE MESSAGE'");
  add_lenient_flag(*adapter, adapter_options.parse);
  add_fields_option(*adapter, adapter_options.parse, "; answered with the same fields");
  add_write_style_options(*adapter, adapter_options.write);

  // --- xfen suite ---
  CLI::App* suite = app.add_subcommand("suite", "List or export the conformance suite's cases");
  suite->require_subcommand(1);
  xfen::cli::SuiteListOptions suite_list_options;
  CLI::App* suite_list =
      suite->add_subcommand("list", "One line per case: id, class, tags, input; then the count");
  add_suite_selection_options(*suite_list, suite_list_options.selection);
  xfen::cli::SuiteExportOptions suite_export_options;
  CLI::App* suite_export = suite->add_subcommand(
      "export", "Write the cases into DIR, as JSON Lines or as plain files per case");
  add_suite_selection_options(*suite_export, suite_export_options.selection);
  xfen::cli::add_named_choice_option<xfen::conformance::ExportFormat>(
      *suite_export, "--format", suite_export_options.to.format,
      xfen::conformance::export_format_names(), xfen::conformance::export_format_from_name,
      "files (DIR/CLASS/ID.input, .output or .error or .write-error, .json) or jsonl "
      "(DIR/GROUP.jsonl, the suite's own lines)")
      ->required();
  suite_export->add_flag(
      "--force", suite_export_options.to.overwrite,
      "Write into DIR even when it is not empty, replacing files of the same names");
  suite_export->add_option("DIR", suite_export_options.to.directory, "The folder to write into")
      ->required();
  // --- end xfen suite ---

  xfen::cli::CertifyCommandOptions certify_options;
  CLI::App* certify = app.add_subcommand(
      "certify", "Grade another X-FEN implementation, run as a program, against the conformance suite");
  add_certify_options(*certify, certify_options);
  xfen::cli::CertifyDiffOptions certify_diff_options;
  const CLI::App* certify_diff = add_certify_diff_command(*certify, certify_diff_options);
  xfen::cli::CertifyMatrixOptions certify_matrix_options;
  const CLI::App* certify_matrix = add_certify_matrix_command(*certify, certify_matrix_options);

  // --- xfen pgn ---
  CLI::App* pgn = app.add_subcommand(
      "pgn", "The start positions (SetUp, FEN and Variant tags) of PGN game collections");
  pgn->require_subcommand(1);
  xfen::cli::PgnLintOptions pgn_lint_options;
  CLI::App* pgn_lint = pgn->add_subcommand(
      "lint", "Report every game whose start position is missing, broken or at odds with its variant");
  add_lenient_flag(*pgn_lint, pgn_lint_options.parse);
  add_report_flags(*pgn_lint, pgn_lint_options.legal, pgn_lint_options.json,
                   pgn_lint_options.quiet);
  add_pgn_files_argument(*pgn_lint, pgn_lint_options.files);

  xfen::cli::PgnExtractOptions pgn_extract_options;
  CLI::App* pgn_extract = pgn->add_subcommand(
      "extract", "The start record (FEN tag) of each game that has one, one per line");
  add_lenient_flag(*pgn_extract, pgn_extract_options.parse);
  pgn_extract->add_flag("--canon", pgn_extract_options.canon,
                        "Write each record canonically; report those that cannot be read");
  add_write_style_options(*pgn_extract, pgn_extract_options.write);
  pgn_extract->add_flag("--with-source", pgn_extract_options.with_source,
                        "Precede each record with 'FILE:LINE:COL: game N: '");
  pgn_extract->add_flag("-q,--quiet", pgn_extract_options.quiet, "No summary on stderr");
  add_pgn_files_argument(*pgn_extract, pgn_extract_options.files);

  xfen::cli::PgnCanonOptions pgn_canon_options;
  CLI::App* pgn_canon = pgn->add_subcommand(
      "canon", "The same PGN, each FEN tag's record written canonically, every other byte as it was");
  add_lenient_flag(*pgn_canon, pgn_canon_options.parse);
  add_write_style_options(*pgn_canon, pgn_canon_options.write);
  CLI::Option* pgn_canon_output =
      pgn_canon->add_option("-o,--output", pgn_canon_options.output,
                            "Write to FILE (never one of the inputs); default: stdout")
          ->type_name("FILE");
  pgn_canon->add_flag("--in-place", pgn_canon_options.in_place,
                      "Rewrite each FILE itself, through a temporary file renamed over it")
      ->excludes(pgn_canon_output);
  pgn_canon->add_flag("--json", pgn_canon_options.json, "Diagnostics as JSON Lines (on stderr)");
  pgn_canon->add_flag("-q,--quiet", pgn_canon_options.quiet, "No summary on stderr");
  add_pgn_files_argument(*pgn_canon, pgn_canon_options.files);
  // --- end xfen pgn ---

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // CLI11 calls a word that names no subcommand a missing subcommand; say what it is.
    const CLI::App& missing_a_subcommand = suite->parsed() ? *suite : pgn->parsed() ? *pgn : app;
    if (missing_a_subcommand.get_subcommands().empty() &&
        !missing_a_subcommand.remaining().empty()) {
      report_unknown_word(missing_a_subcommand, missing_a_subcommand.remaining().front());
      return static_cast<int>(ExitStatus::failure);
    }
    // --help and --version exit 0; every usage error exits 2, whatever CLI11's own code.
    return app.exit(error) == 0 ? 0 : static_cast<int>(ExitStatus::failure);
  }

  // The commands that write records write the fields they read.
  canon_options.write.fields = canon_options.parse.fields;
  adapter_options.write.fields = adapter_options.parse.fields;

  xfen::io::FdSource input(STDIN_FILENO);
  xfen::io::FdSink output(STDOUT_FILENO);
  xfen::io::FdSink errors(STDERR_FILENO);
  const xfen::io::StandardStreams streams{input, output, errors};
  ExitStatus status = ExitStatus::failure;
  if (check->parsed()) status = xfen::cli::run_check(check_options, streams);
  if (canon->parsed()) status = xfen::cli::run_canon(canon_options, streams);
  if (explain->parsed()) status = xfen::cli::run_explain(explain_options, streams);
  if (adapter->parsed()) status = xfen::cli::run_adapter(adapter_options, streams);
  if (suite_list->parsed()) status = xfen::cli::run_suite_list(suite_list_options, streams);
  if (suite_export->parsed()) status = xfen::cli::run_suite_export(suite_export_options, streams);
  if (pgn_lint->parsed()) status = xfen::cli::run_pgn_lint(pgn_lint_options, streams);
  if (pgn_extract->parsed()) status = xfen::cli::run_pgn_extract(pgn_extract_options, streams);
  if (pgn_canon->parsed()) status = xfen::cli::run_pgn_canon(pgn_canon_options, streams);
  // `certify diff` is parsed with `certify`, whose run it is not.
  if (certify_diff->parsed())
    return static_cast<int>(xfen::cli::run_certify_diff(certify_diff_options, streams));
  if (certify_matrix->parsed())
    return static_cast<int>(xfen::cli::run_certify_matrix(certify_matrix_options, streams));
  if (certify->parsed()) {
    certify_options.progress = ::isatty(STDERR_FILENO) == 1;
    certify_options.max_restarts_given = certify->get_option("--max-restarts")->count() > 0;
    status = xfen::cli::run_certify(certify_options, streams);
  }
  return static_cast<int>(status);
}

}  // namespace

int main(int argc, char** argv) {
  // Nothing escapes: an exception (in practice only std::bad_alloc) ends the run with status 2.
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xfen: %s\n", error.what());
  } catch (...) {
    std::fprintf(stderr, "xfen: unexpected error\n");
  }
  return static_cast<int>(ExitStatus::failure);
}
