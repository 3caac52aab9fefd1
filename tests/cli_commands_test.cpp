// The xfen command's check, canon and explain run in process, on in-memory input and output
// (SPEC R11): what each writes where, and the exit status.
#define BOOST_TEST_MODULE cli_commands_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cerrno>
#include <string>
#include <string_view>

#include "canon_command.hpp"
#include "check_command.hpp"
#include "explain_command.hpp"
#include "memory_sink.hpp"
#include "memory_source.hpp"

namespace {

using xfen::cli::ExitStatus;

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kInner = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1";
constexpr std::string_view kInnerCanonical = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgb - 0 1";

// One command's run: its input, the two outputs it wrote, and its status.
struct Run {
  xfen::cli::MemorySource input;
  xfen::cli::MemorySink output;
  xfen::cli::MemorySink errors;
  ExitStatus status = ExitStatus::failure;

  explicit Run(std::string_view stdin_bytes, std::size_t output_limit = std::string::npos)
      : input(stdin_bytes), output(output_limit) {}

  xfen::cli::StandardStreams streams() { return {input, output, errors}; }
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
  run.input = xfen::cli::MemorySource(kStart, EISDIR);  // a last line, then the read fails
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
