// The xfen command's check, canon, explain and suite run in process, on in-memory input and
// output (SPEC R11): what each writes where, and the exit status; suite list and export on
// suites in temporary folders, and what export writes there.
#define BOOST_TEST_MODULE cli_commands_test
#include <boost/test/unit_test.hpp>

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "cli/canon_command.hpp"
#include "cli/check_command.hpp"
#include "cli/explain_command.hpp"
#include "conformance/file_name_check.hpp"
#include "io/memory_stream.hpp"
#include "cli/suite_export_command.hpp"
#include "cli/suite_list_command.hpp"

namespace {

using xfen::cli::ExitStatus;

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kInner = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1";
constexpr std::string_view kInnerCanonical = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgb - 0 1";

// One command's run: its input, the two outputs it wrote, and its status.
struct Run {
  xfen::io::MemorySource input;
  xfen::io::MemorySink output;
  xfen::io::MemorySink errors;
  ExitStatus status = ExitStatus::failure;

  explicit Run(std::string_view stdin_bytes, std::size_t output_limit = std::string::npos)
      : input(stdin_bytes), output(output_limit) {}

  xfen::io::StandardStreams streams() { return {input, output, errors}; }
};

std::string lines(std::initializer_list<std::string_view> texts) {
  std::string joined;
  for (const std::string_view text : texts) (joined += text) += '\n';
  return joined;
}

}  // namespace

BOOST_AUTO_TEST_CASE(canon_writes_records_to_the_output_and_diagnostics_to_errors) {
  const std::string input = lines({kStart, "", kInner});
  Run run(input);
  run.status = xfen::cli::run_canon({}, run.streams());
  BOOST_TEST((run.status == ExitStatus::invalid));
  BOOST_TEST(run.output.text() == lines({kStart, kInnerCanonical}));
  BOOST_TEST(run.errors.text().starts_with("<stdin>:2:1: error[record.empty]: "));
}

BOOST_AUTO_TEST_CASE(check_writes_diagnostics_to_the_output_and_a_summary_to_errors) {
  const std::string input = lines({kStart, "x"});
  Run run(input);
  run.status = xfen::cli::run_check({}, run.streams());
  BOOST_TEST((run.status == ExitStatus::invalid));
  BOOST_TEST(run.output.text().starts_with("<stdin>:2:2: error[record.missing-field]: "));
  BOOST_TEST(run.errors.text() == "checked 2 records in 1 file: 1 valid, 1 invalid, 0 warnings\n");
}

BOOST_AUTO_TEST_CASE(check_json_is_one_object_per_diagnostic) {
  const std::string input = lines({""});
  Run run(input);
  xfen::cli::CheckOptions options;
  options.json = true;
  options.quiet = true;
  run.status = xfen::cli::run_check(options, run.streams());
  BOOST_TEST((run.status == ExitStatus::invalid));
  BOOST_TEST(run.output.text().starts_with(R"({"file":"<stdin>","line":1,"column":1,)"));
  BOOST_TEST(run.errors.text().empty());
}

BOOST_AUTO_TEST_CASE(explain_writes_to_the_output) {
  Run run("");
  xfen::cli::ExplainOptions options;
  options.record = kInner;
  run.status = xfen::cli::run_explain(options, run.streams());
  BOOST_TEST((run.status == ExitStatus::success));
  BOOST_TEST(run.output.text().find("canonical        " + std::string(kInnerCanonical) + "\n") !=
             std::string_view::npos);
  BOOST_TEST(run.errors.text().empty());
}

BOOST_AUTO_TEST_CASE(lost_output_is_reported_and_a_failure) {
  const std::string input = lines({kStart, kStart});
  Run run(input, 10);
  run.status = xfen::cli::run_canon({}, run.streams());
  BOOST_TEST((run.status == ExitStatus::failure));
  BOOST_TEST(run.output.error() == ENOSPC);
  BOOST_TEST(run.errors.text() == "xfen: cannot write <stdout>: No space left on device\n");
}

BOOST_AUTO_TEST_CASE(check_has_no_summary_once_its_output_is_lost) {
  const std::string input = lines({"x", "x"});
  Run run(input, 10);
  run.status = xfen::cli::run_check({}, run.streams());
  BOOST_TEST((run.status == ExitStatus::failure));
  BOOST_TEST(run.errors.text() == "xfen: cannot write <stdout>: No space left on device\n");
}

BOOST_AUTO_TEST_CASE(unreadable_input_is_reported_in_text_and_json) {
  Run run("");
  run.input = xfen::io::MemorySource(kStart, EISDIR);  // a last line, then the read fails
  xfen::cli::CheckOptions options;
  options.json = true;
  run.status = xfen::cli::run_check(options, run.streams());
  BOOST_TEST((run.status == ExitStatus::failure));
  BOOST_TEST(run.errors.text() ==
             "xfen: cannot read <stdin>: Is a directory\n"
             "checked 0 records in 1 file: 0 valid, 0 invalid, 0 warnings\n");
  BOOST_TEST(run.output.text() ==
             R"({"file":"<stdin>","line":null,"column":null,"offset":null,"severity":"error",)"
             R"("code":"io.read","field":"input","message":"cannot read <stdin>: Is a directory"})"
             "\n");
}

BOOST_AUTO_TEST_CASE(canon_shows_every_warning_beyond_the_libraries_eight) {
  // The last four of twelve change the meaning: rights and en passant dropped, fullmove 0 as 1.
  const std::string input = lines({"4k3/44/44/44/44/44/44/4K3  w  KQ e6 0 0"});
  Run run(input);
  xfen::cli::CanonOptions options;
  options.parse.profile = xfen::Profile::lenient;
  run.status = xfen::cli::run_canon(options, run.streams());
  BOOST_TEST((run.status == ExitStatus::success));
  BOOST_TEST(run.output.text() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
  const std::string_view errors = run.errors.text();
  BOOST_TEST(std::count(errors.begin(), errors.end(), '\n') == 12);
  BOOST_TEST(errors.ends_with("<stdin>:1:39: warning[fullmove.range]: fullmove number '0' read as 1\n"));
}

// --- xfen suite list and export (issue 9), on suites written into temporary folders ---

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kCapablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
// NUL, CR, tab and a two-byte character, as the JSON escapes them and as the bytes they are.
constexpr std::string_view kBytesInputJson = R"(4k3/8/8/8/8/8/8/4K2\u0000 w -\r\t\u00e9 0 1)";
constexpr std::string_view kBytesInput("4k3/8/8/8/8/8/8/4K2\0 w -\r\t\xc3\xa9 0 1", 32);

// A fresh folder, removed with all it holds at the end of the test.
class TemporaryFolder {
 public:
  TemporaryFolder() {
    std::string pattern = (fs::temp_directory_path() / "xfen_suite_test_XXXXXX").string();
    BOOST_TEST_REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  ~TemporaryFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const noexcept { return path_; }

 private:
  fs::path path_;
};

void write_file(const fs::path& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Every file under `folder`, as paths relative to it, sorted.
std::vector<std::string> files_under(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (!entry.is_directory()) names.push_back(fs::relative(entry.path(), folder).string());
  std::sort(names.begin(), names.end());
  return names;
}

// Six cases in two groups: every class, a derived class (side.lenient states none), input bytes
// that need escaping, and a line spaced and escaped unusually, which only a byte-for-byte copy
// keeps as it is.
struct SampleSuite {
  TemporaryFolder folder;
  std::string board;
  std::string side;

  SampleSuite() {
    board = lines({
        std::string(R"({"id": "board.start", "class": "valid", "tags": ["8x8", "start"], "input": ")") +
            std::string(kStart) + R"(", "output": ")" + std::string(kStart) + "\"}",
        std::string(R"({"id": "board.bytes", "class": "invalid", "tags": ["8x8", "bytes"], "input": ")") +
            std::string(kBytesInputJson) + R"(", "error": {"code": "board.bad-char", "offset": 19}})",
        std::string(R"({ "id":"board.wide-10x8" ,"class":"valid","tags":["10x8"],"input":")") +
            std::string(kCapablanca) + R"(","output":")" + std::string(kCapablanca) +
            R"(","note":"spaced oddly, with an escaped \/ and \u0041"})"});
    side = lines({
        std::string(R"({"id": "side.shredder", "class": "dialect", "tags": ["8x8"], "input": ")") +
            std::string(kInner) + R"(", "castling": "shredder", "output": "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1"})",
        R"({"id": "side.classic-refused", "class": "dialect", "tags": ["8x8", "inner-rook"], "input": "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "castling": "classic", "write_error": {"code": "write.needs-file-letter"}})",
        std::string(R"({"id": "side.lenient", "input": " )") + std::string(kStart) +
            R"(", "profile": "lenient", "output": ")" + std::string(kStart) +
            R"(", "warnings": [{"code": "record.separator", "offset": 0}]})"});
    write_file(folder.path() / "board.jsonl", board);
    write_file(folder.path() / "side.jsonl", side);
  }

  xfen::cli::SuiteSelection selection(xfen::conformance::CaseFilter filter = {}) const {
    return {.suite_directory = folder.path(), .filter = std::move(filter)};
  }
};

Run& run_list(Run& run, const xfen::cli::SuiteSelection& selection) {
  run.status = xfen::cli::run_suite_list({.selection = selection}, run.streams());
  return run;
}

Run& run_export(Run& run, const xfen::cli::SuiteSelection& selection,
                xfen::conformance::ExportFormat format, const fs::path& directory,
                bool overwrite = false) {
  xfen::cli::SuiteExportOptions options{
      .selection = selection,
      .to = {.format = format, .directory = directory, .overwrite = overwrite}};
  run.status = xfen::cli::run_suite_export(options, run.streams());
  return run;
}

using xfen::conformance::CaseClass;
using xfen::conformance::ExportFormat;

}  // namespace

BOOST_AUTO_TEST_CASE(suite_list_prints_each_case_and_the_count) {
  const SampleSuite suite;
  Run run("");
  run_list(run, suite.selection());
  BOOST_TEST((run.status == ExitStatus::success));
  BOOST_TEST(run.output.text() ==
             lines({"board.start valid 8x8,start '" + std::string(kStart) + "'",
                    R"(board.bytes invalid 8x8,bytes '4k3/8/8/8/8/8/8/4K2\x00 w -\x0d\x09\xc3\xa9 0 1')",
                    "board.wide-10x8 valid 10x8 '" + std::string(kCapablanca) + "'",
                    "side.shredder dialect 8x8 '" + std::string(kInner) + "'",
                    "side.classic-refused dialect 8x8,inner-rook '4k3/8/8/8/8/8/8/4K1RR w G - 0 1'",
                    "side.lenient implementation-defined - ' " + std::string(kStart) + "'",
                    "6 cases"}));
  BOOST_TEST(run.errors.text().empty());
}

BOOST_AUTO_TEST_CASE(suite_list_filters_by_tag_class_and_id) {
  const SampleSuite suite;
  const auto listed = [&suite](xfen::conformance::CaseFilter filter) {
    Run run("");
    run_list(run, suite.selection(std::move(filter)));
    BOOST_TEST((run.status == ExitStatus::success));
    std::vector<std::string> words;  // the first word of each line
    std::string_view text = run.output.text();
    while (!text.empty()) {
      const std::string_view line = text.substr(0, text.find('\n'));
      words.emplace_back(line.substr(0, line.find(' ')));
      text.remove_prefix(std::min(text.size(), line.size() + 1));
    }
    words.back() = std::string(run.output.text().substr(run.output.text().rfind('\n', run.output.text().size() - 2) + 1));
    return words;
  };
  using Words = std::vector<std::string>;
  BOOST_TEST(listed({.tags = {"8x8", "inner-rook"}}) == (Words{"side.classic-refused", "1 case of 6\n"}),
             boost::test_tools::per_element());
  BOOST_TEST(listed({.tags = {"8x8"}, .classes = {CaseClass::dialect, CaseClass::implementation_defined}}) ==
                 (Words{"side.shredder", "side.classic-refused", "2 cases of 6\n"}),
             boost::test_tools::per_element());
  BOOST_TEST(listed({.classes = {CaseClass::implementation_defined}}) == (Words{"side.lenient", "1 case of 6\n"}),
             boost::test_tools::per_element());
  BOOST_TEST(listed({.id_globs = {"board.*"}}) == (Words{"board.start", "board.bytes", "board.wide-10x8", "3 cases of 6\n"}),
             boost::test_tools::per_element());
  BOOST_TEST(listed({.id_globs = {"*.s?art"}}) == (Words{"board.start", "1 case of 6\n"}),
             boost::test_tools::per_element());
  Run none("");
  run_list(none, suite.selection({.tags = {"10x8"}, .classes = {CaseClass::invalid}}));
  BOOST_TEST(none.output.text() == "0 cases of 6\n");
}

BOOST_AUTO_TEST_CASE(suite_commands_refuse_a_broken_suite_and_write_nothing) {
  const SampleSuite suite;
  write_file(suite.folder.path() / "side.jsonl",
             suite.side + R"({"id": "side.wrong", "class": "valid", "tags": ["8x8", "8x8"], "input": "x", "error": {"code": "side.invalid", "offset": 0}})" "\n");
  const std::string expected_errors =
      "xfen: the conformance suite in " + suite.folder.path().string() + " is broken (2 problems):\n"
      R"(  side.jsonl:4: "class" is "valid", but a case with "error" is "invalid")" "\n"
      R"(  side.jsonl:4: tags[1] "8x8" repeats the tag before it)" "\n";
  Run list("");
  run_list(list, suite.selection());
  BOOST_TEST((list.status == ExitStatus::failure));
  BOOST_TEST(list.output.text().empty());
  BOOST_TEST(list.errors.text() == expected_errors);

  const TemporaryFolder into;
  Run exported("");
  run_export(exported, suite.selection(), ExportFormat::files, into.path() / "out");
  BOOST_TEST((exported.status == ExitStatus::failure));
  BOOST_TEST(exported.errors.text() == expected_errors);
  BOOST_TEST(!fs::exists(into.path() / "out"));
}

BOOST_AUTO_TEST_CASE(suite_export_files_holds_the_exact_bytes) {
  const SampleSuite suite;
  const TemporaryFolder into;
  const fs::path out = into.path() / "new" / "out";  // missing parents are made
  Run run("");
  run_export(run, suite.selection(), ExportFormat::files, out);
  BOOST_TEST((run.status == ExitStatus::success));
  BOOST_TEST(run.errors.text().empty());
  BOOST_TEST(run.output.text() == "exported 6 cases to " + out.string() + " as files (18 files)\n");
  BOOST_TEST(files_under(out) ==
                 (std::vector<std::string>{
                     "dialect/side.classic-refused.input", "dialect/side.classic-refused.json",
                     "dialect/side.classic-refused.write-error", "dialect/side.shredder.input",
                     "dialect/side.shredder.json", "dialect/side.shredder.output",
                     "implementation-defined/side.lenient.input", "implementation-defined/side.lenient.json",
                     "implementation-defined/side.lenient.output", "invalid/board.bytes.error",
                     "invalid/board.bytes.input", "invalid/board.bytes.json", "valid/board.start.input",
                     "valid/board.start.json", "valid/board.start.output", "valid/board.wide-10x8.input",
                     "valid/board.wide-10x8.json", "valid/board.wide-10x8.output"}),
             boost::test_tools::per_element());
  const std::string bytes = read_file(out / "invalid/board.bytes.input");
  BOOST_TEST(bytes.size() == kBytesInput.size());
  BOOST_TEST(bytes == kBytesInput);  // NUL, CR, tab, é; no newline added
  BOOST_TEST(read_file(out / "invalid/board.bytes.error") == "board.bad-char\n");
  BOOST_TEST(read_file(out / "valid/board.start.output") == std::string(kStart) + "\n");
  BOOST_TEST(read_file(out / "implementation-defined/side.lenient.input") == " " + std::string(kStart));
  BOOST_TEST(read_file(out / "dialect/side.classic-refused.write-error") == "write.needs-file-letter\n");
  BOOST_TEST(read_file(out / "dialect/side.shredder.output") == "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1\n");
  const std::string board_lines = suite.board;
  BOOST_TEST(read_file(out / "valid/board.wide-10x8.json") ==
             board_lines.substr(board_lines.find("{ \"id\":\"board.wide-10x8\"")));
}

BOOST_AUTO_TEST_CASE(suite_export_jsonl_copies_the_lines_byte_for_byte) {
  const SampleSuite suite;
  const TemporaryFolder into;
  Run run("");
  run_export(run, suite.selection(), ExportFormat::jsonl, into.path() / "all");
  BOOST_TEST((run.status == ExitStatus::success));
  BOOST_TEST(run.output.text() == "exported 6 cases to " + (into.path() / "all").string() + " as jsonl (2 files)\n");
  BOOST_TEST(read_file(into.path() / "all/board.jsonl") == suite.board);
  BOOST_TEST(read_file(into.path() / "all/side.jsonl") == suite.side);
  // What is exported is a suite again, with the same cases.
  const xfen::conformance::Suite again = xfen::conformance::load_suite(into.path() / "all");
  BOOST_TEST(again.problems.empty());
  BOOST_TEST(again.cases.size() == 6U);

  // Filtered: only the groups with a selected case, only its lines.
  Run filtered("");
  run_export(filtered, suite.selection({.tags = {"10x8"}}), ExportFormat::jsonl, into.path() / "wide");
  BOOST_TEST((filtered.status == ExitStatus::success));
  BOOST_TEST(files_under(into.path() / "wide") == std::vector<std::string>{"board.jsonl"},
             boost::test_tools::per_element());
  BOOST_TEST(read_file(into.path() / "wide/board.jsonl") == suite.board.substr(suite.board.find("{ \"id\"")));
}

BOOST_AUTO_TEST_CASE(suite_export_refuses_ids_that_are_not_file_names) {
  const TemporaryFolder suite;
  // The loader wants "board." in front; what follows tries to climb out or is absolute.
  write_file(suite.path() / "board.jsonl",
             lines({R"({"id": "board.ok", "input": "x", "output": "x"})",
                    R"({"id": "board.../../x", "input": "x", "output": "x"})",
                    R"({"id": "board.a/b", "input": "x", "output": "x"})",
                    R"({"id": "board./tmp/x", "input": "x", "output": "x"})",
                    R"({"id": "board.token-K", "input": "x", "output": "x"})",
                    R"({"id": "board.token-k", "input": "x", "output": "x"})"}));
  const TemporaryFolder into;
  Run run("");
  run_export(run, {.suite_directory = suite.path(), .filter = {}}, ExportFormat::files, into.path() / "out");
  BOOST_TEST((run.status == ExitStatus::failure));
  BOOST_TEST(run.errors.text() ==
             "xfen: board.jsonl:2: id \"board.../../x\" cannot be a file name: it does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$\n"
             "xfen: board.jsonl:3: id \"board.a/b\" cannot be a file name: it does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$\n"
             "xfen: board.jsonl:4: id \"board./tmp/x\" cannot be a file name: it does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$\n"
             "xfen: board.jsonl:6: id \"board.token-k\" differs only in case from \"board.token-K\" (board.jsonl:5): one file where case is not told apart\n");
  BOOST_TEST(run.output.text().empty());
  BOOST_TEST(!fs::exists(into.path() / "out"));  // nothing written, not even the folder
  BOOST_TEST(files_under(into.path()).empty());
  BOOST_TEST(!fs::exists(suite.path() / "x.input"));

  // jsonl makes no file of an id, so the same suite exports that way.
  Run jsonl("");
  run_export(jsonl, {.suite_directory = suite.path(), .filter = {}}, ExportFormat::jsonl, into.path() / "out");
  BOOST_TEST((jsonl.status == ExitStatus::success));
}

BOOST_AUTO_TEST_CASE(suite_export_checks_each_name_it_makes_a_file_of) {
  namespace conformance = xfen::conformance;
  using conformance::file_name_refusal;
  BOOST_TEST(file_name_refusal("board.inner-rook-I-10x8").empty());
  BOOST_TEST(file_name_refusal("../x") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal("a/b") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal("/etc/passwd") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal("") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal(".hidden") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal("castling.token-order-qkQK").empty());
  BOOST_TEST(file_name_refusal("board.a_b") == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal(std::string_view("board.a\0b", 9)) == "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$");
  BOOST_TEST(file_name_refusal("board..x") == "holds \"..\"");
  BOOST_TEST(file_name_refusal(std::string(200, 'a')).empty());
  BOOST_TEST(file_name_refusal(std::string(201, 'a')) == "is 201 bytes long, more than 200");

  // An input that is not UTF-8 (which JSON cannot carry, but a Case can) is written as it is.
  const TemporaryFolder into;
  conformance::Case c;
  c.id = "record.latin-1";
  c.case_class = CaseClass::invalid;
  c.outcome = conformance::Outcome::rejected;
  c.input = std::string("8/8/8/8/8/8/8/8 w - - 0 1\xe9\xff\0\r", 29);
  c.error.code = "record.extra-field";
  c.line_text = "{}";
  const conformance::Case* cases[] = {&c};
  const conformance::ExportReport report = conformance::export_cases(cases, {.format = ExportFormat::files, .directory = into.path(), .overwrite = false});
  BOOST_TEST(report.ok());
  BOOST_TEST(report.files_written == 3U);
  BOOST_TEST(read_file(into.path() / "invalid/record.latin-1.input") == c.input);
}

BOOST_AUTO_TEST_CASE(suite_export_never_writes_through_a_symbolic_link) {
  const SampleSuite suite;
  const TemporaryFolder into;
  const fs::path elsewhere = into.path() / "elsewhere";
  fs::create_directory(elsewhere);

  // DIR itself, with or without a trailing slash, and with --force.
  fs::create_directory_symlink(elsewhere, into.path() / "link");
  for (const std::string& given : {(into.path() / "link").string(), (into.path() / "link").string() + "/"})
    for (const bool overwrite : {false, true}) {
      Run run("");
      run_export(run, suite.selection(), ExportFormat::files, given, overwrite);
      BOOST_TEST((run.status == ExitStatus::failure));
      BOOST_TEST(run.errors.text() == "xfen: " + (into.path() / "link").string() +
                                          " is a symbolic link: refusing to write through it\n");
    }
  BOOST_TEST(files_under(elsewhere).empty());

  // A class folder inside DIR.
  const fs::path out = into.path() / "out";
  fs::create_directory(out);
  fs::create_directory_symlink(elsewhere, out / "valid");
  Run class_link("");
  run_export(class_link, suite.selection({.classes = {CaseClass::valid}}), ExportFormat::files, out, true);
  BOOST_TEST((class_link.status == ExitStatus::failure));
  BOOST_TEST(class_link.errors.text() ==
             "xfen: " + (out / "valid").string() + " is a symbolic link: refusing to write through it\n");
  BOOST_TEST(files_under(elsewhere).empty());

  // A file inside a class folder, even with --force.
  fs::remove(out / "valid");
  fs::create_directory(out / "valid");
  write_file(elsewhere / "target", "kept");
  fs::create_symlink(elsewhere / "target", out / "valid/board.start.input");
  Run file_link("");
  run_export(file_link, suite.selection({.classes = {CaseClass::valid}}), ExportFormat::files, out, true);
  BOOST_TEST((file_link.status == ExitStatus::failure));
  BOOST_TEST(file_link.errors.text() == "xfen: " + (out / "valid/board.start.input").string() +
                                            " is a symbolic link: refusing to write through it\n");
  BOOST_TEST(read_file(elsewhere / "target") == "kept");
}

BOOST_AUTO_TEST_CASE(suite_export_needs_force_for_a_folder_that_is_not_empty) {
  const SampleSuite suite;
  const TemporaryFolder into;
  write_file(into.path() / "kept.txt", "kept");
  Run refused("");
  run_export(refused, suite.selection(), ExportFormat::jsonl, into.path());
  BOOST_TEST((refused.status == ExitStatus::failure));
  BOOST_TEST(refused.errors.text() == "xfen: " + into.path().string() +
                                          " is not empty: refusing to write into it (--force does)\n");
  BOOST_TEST(files_under(into.path()) == std::vector<std::string>{"kept.txt"}, boost::test_tools::per_element());

  write_file(into.path() / "board.jsonl", std::string(4000, 'x'));  // longer: must be cut
  Run forced("");
  run_export(forced, suite.selection(), ExportFormat::jsonl, into.path(), true);
  BOOST_TEST((forced.status == ExitStatus::success));
  BOOST_TEST(read_file(into.path() / "board.jsonl") == suite.board);  // replaced
  BOOST_TEST(read_file(into.path() / "kept.txt") == "kept");          // left alone

  // An empty folder that exists takes an export without --force.
  fs::create_directory(into.path() / "empty");
  Run empty("");
  run_export(empty, suite.selection(), ExportFormat::jsonl, into.path() / "empty");
  BOOST_TEST((empty.status == ExitStatus::success));
}

BOOST_AUTO_TEST_CASE(suite_export_names_what_failed_where_and_why) {
  const SampleSuite suite;
  const TemporaryFolder into;
  // A folder where a file is to be written: the export stops there.
  fs::create_directories(into.path() / "valid/board.wide-10x8.input");
  Run blocked("");
  run_export(blocked, suite.selection({.classes = {CaseClass::valid}}), ExportFormat::files, into.path(), true);
  BOOST_TEST((blocked.status == ExitStatus::failure));
  BOOST_TEST(blocked.errors.text() == "xfen: cannot create " + (into.path() / "valid/board.wide-10x8.input").string() +
                                          ": Is a directory\n"
                                          "xfen: the export stopped after 3 files\n");

  // A file where DIR or a class folder is to be.
  write_file(into.path() / "invalid", "");
  Run not_a_folder("");
  run_export(not_a_folder, suite.selection({.classes = {CaseClass::invalid}}), ExportFormat::files, into.path(), true);
  BOOST_TEST(not_a_folder.errors.text() == "xfen: " + (into.path() / "invalid").string() + " exists and is not a directory\n");
  Run file_as_dir("");
  run_export(file_as_dir, suite.selection(), ExportFormat::files, into.path() / "invalid");
  BOOST_TEST(file_as_dir.errors.text() == "xfen: " + (into.path() / "invalid").string() + " exists and is not a directory\n");
  BOOST_TEST((file_as_dir.status == ExitStatus::failure));
}
