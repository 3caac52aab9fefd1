// The runner of `xfen certify` (src/certify/run/runner.hpp) against small programs that misbehave in
// every way docs/PROTOCOL.md names: each record gets exactly one answer of the right kind, the run
// ends in bounded time, and no process, zombie or file descriptor outlives it. The programs are
// shell and Python scripts written into a temporary folder by the fixture.
#define BOOST_TEST_MODULE certify_runner_test
#include <boost/test/unit_test.hpp>

#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "certify/run/bounded_lines.hpp"
#include "certify/run/child_process.hpp"
#include "certify/run/runner.hpp"

namespace certify = xfen::certify;
using Kind = certify::Answer::Kind;
using namespace std::chrono_literals;

namespace {

// -S: no site packages, a third of Python's start-up; the tests restart it often.
const std::string kPython = "exec /usr/bin/python3 -S ";

// Answers "ok RECORD" per line, "error bad record" for records starting with "bad", and on the
// records "exit", "segv", "hang", "long" and "twice" misbehaves as named.
constexpr std::string_view kEcho = R"(import os, signal, sys, time
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    record = line[:-1] if line.endswith(b"\n") else line
    if record == b"exit":
        sys.stderr.write("leaving on purpose\n"); sys.stderr.flush()
        sys.exit(3)
    if record == b"segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if record == b"hang":
        time.sleep(1000)
    if record == b"long":
        out.write(b"ok " + b"x" * 200000 + b"\n")
    elif record.startswith(b"bad"):
        out.write(b"error bad record\n")
    else:
        out.write(b"ok " + record + b"\n")
    if record == b"twice":
        out.write(b"ok again\n")
    out.flush()
)";

// Answers three lines, then exits.
constexpr std::string_view kThreeThenExit = R"(import sys
for count, line in enumerate(sys.stdin.buffer, 1):
    sys.stdout.buffer.write(b"ok " + line)
    sys.stdout.buffer.flush()
    if count == 3:
        sys.exit(0)
)";

// Writes a kilobyte on stderr before each answer: more than a pipe holds over a run, so the runner
// must read stderr as it goes.
constexpr std::string_view kNoisy = R"(import sys
for line in sys.stdin.buffer:
    sys.stderr.write("n" * 999 + "\n")
    sys.stderr.flush()
    sys.stdout.buffer.write(b"ok " + line)
    sys.stdout.buffer.flush()
)";

// Answers every line twice.
constexpr std::string_view kTwice = R"(import sys
for line in sys.stdin.buffer:
    sys.stdout.buffer.write(b"ok " + line + b"ok " + line)
    sys.stdout.buffer.flush()
)";

// Tests with short time limits use shell scripts: the clock of a streamed record starts once it
// is written, and Python's start-up on a busy machine can take longer than the limit.
// Streaming: answers each line, and never answers "hang".
constexpr std::string_view kHangSh = R"(while IFS= read -r line; do
  case "$line" in hang) exec sleep 1000;; esac
  printf 'ok %s\n' "$line"
done
)";

// Per case: the record decides what the process does.
constexpr std::string_view kPerCaseSh = R"(record=$(cat)
case "$record" in
  reject) printf 'bad input here\r\nsecond line\n'; exit 1;;
  reject-quietly) echo 'said on stderr' >&2; echo more >&2; exit 1;;
  segv) kill -SEGV $$;;
  hang) exec sleep 1000;;
  status) exit 5;;
esac
printf '%s\r\n' "$record"
)";

// Streaming: answers each line at once, "slow" after 0.3 s, and never "hang".
constexpr std::string_view kSlowSh = R"(while IFS= read -r line; do
  case "$line" in slow) sleep 0.3;; hang) exec sleep 1000;; esac
  printf 'ok %s\n' "$line"
done
)";

// What `python3 ./impl.yp` does (a typo in the script's name): the interpreter starts, says on
// stderr that it cannot open the file (kCannotOpenSays), and exits with status 2 before answering
// anything.
const std::string kCannotOpen = "echo \"python3: can't open file 'impl.yp'\" >&2; exit 2";
constexpr std::string_view kCannotOpenSays = "python3: can't open file 'impl.yp'\n";

class VectorFeed : public certify::RecordFeed {
 public:
  explicit VectorFeed(std::vector<std::string> records) : records_(std::move(records)) {}
  bool next(std::uint64_t& index, std::string& record) override {
    if (next_ == records_.size()) return false;
    index = next_;
    record = records_[next_++];
    return true;
  }
  std::size_t pulled() const { return next_; }

 private:
  std::vector<std::string> records_;
  std::size_t next_ = 0;
};

class MapSink : public certify::AnswerSink {
 public:
  void take(std::uint64_t index, certify::Answer&& answer) override {
    if (!answers.emplace(index, std::move(answer)).second) ++duplicates;
  }
  std::map<std::uint64_t, certify::Answer> answers;
  std::size_t duplicates = 0;
};

std::size_t open_fds() {
  std::size_t count = 0;
  if (DIR* dir = ::opendir("/proc/self/fd")) {
    while (::readdir(dir) != nullptr) ++count;
    ::closedir(dir);
  }
  return count;
}

struct Run {
  certify::RunSummary summary;
  MapSink sink;
  std::chrono::milliseconds elapsed{};
  std::size_t pulled = 0;
};

// Runs the records and checks what must hold after every run: one answer for each record pulled
// (all of them unless the program could not start), no child left, no descriptor leaked, SIGPIPE
// as it was.
Run run(const certify::RunnerOptions& options, std::vector<std::string> records) {
  const std::size_t total = records.size();
  VectorFeed feed(std::move(records));
  Run result;
  const std::size_t fds_before = open_fds();
  const auto start = std::chrono::steady_clock::now();
  result.summary = certify::run_implementation(options, feed, result.sink);
  result.elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  result.pulled = feed.pulled();
  BOOST_TEST(result.sink.duplicates == 0u);
  BOOST_TEST(result.sink.answers.size() == feed.pulled());
  if (result.summary.started) BOOST_TEST(feed.pulled() == total);
  errno = 0;
  BOOST_TEST(::waitpid(-1, nullptr, WNOHANG) == -1);
  BOOST_TEST(errno == ECHILD);
  BOOST_TEST(open_fds() == fds_before);
  struct sigaction now {};
  ::sigaction(SIGPIPE, nullptr, &now);
  BOOST_TEST((now.sa_handler == SIG_DFL));
  return result;
}

struct Programs {
  Programs() {
    std::string pattern = (std::filesystem::temp_directory_path() / "certify_runner_XXXXXX").string();
    BOOST_REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    dir = pattern;
    write("echo.py", kEcho);
    write("three.py", kThreeThenExit);
    write("twice.py", kTwice);
    write("noisy.py", kNoisy);
    write("hang.sh", kHangSh);
    write("per_case.sh", kPerCaseSh);
    write("slow.sh", kSlowSh);
  }
  ~Programs() { std::filesystem::remove_all(dir); }
  void write(const std::string& name, std::string_view text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  std::string python(const std::string& name) const { return kPython + (dir / name).string(); }
  std::string shell(const std::string& name) const { return "exec /bin/sh " + (dir / name).string(); }

  std::filesystem::path dir;
};

std::vector<std::string> numbered(std::size_t count, std::string_view prefix = "rec-") {
  std::vector<std::string> records;
  for (std::size_t i = 0; i < count; ++i) records.push_back(std::string(prefix) + std::to_string(i));
  return records;
}

certify::RunnerOptions stream(const std::string& command) {
  certify::RunnerOptions options;
  options.command = command;
  options.timeout = 2000ms;
  options.startup_allowance = 0ms;  // the tests of time limits give none unless they test it
  return options;
}

certify::RunnerOptions per_case(const std::string& command) {
  certify::RunnerOptions options;
  options.command = command;
  options.mode = certify::Mode::per_case;
  return options;
}

// What one record's answer must be: its kind, and its text or detail where given.
struct Expected {
  Kind kind;
  std::optional<std::string> text;
  std::optional<std::string> detail;
};

// Records 0, 1, ... get the answers `expected` lists, in that order.
void expect_answers(const std::map<std::uint64_t, certify::Answer>& answers,
                    const std::vector<Expected>& expected) {
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const certify::Answer& answer = answers.at(i);
    BOOST_TEST((answer.kind == expected[i].kind), "record " << i);
    if (expected[i].text) BOOST_TEST(answer.text == *expected[i].text, "record " << i);
    if (expected[i].detail) BOOST_TEST(answer.detail == *expected[i].detail, "record " << i);
  }
}

std::size_t count_kind(const std::map<std::uint64_t, certify::Answer>& answers, Kind kind) {
  std::size_t count = 0;
  for (const auto& [index, answer] : answers) count += answer.kind == kind ? 1 : 0;
  return count;
}

// A record never sent took no time.
void expect_not_run_took_no_time(const std::map<std::uint64_t, certify::Answer>& answers) {
  for (const auto& [index, answer] : answers) {
    if (answer.kind == Kind::not_run) BOOST_TEST(answer.elapsed.count() == 0, "record " << index);
  }
}

// The program could not run: `start_error` is the sentence `why` alone, and what the process that
// decided it wrote on stderr, ending with `stderr_ending`, is the summary's stderr_tail (empty when
// `stderr_ending` is: the sentence then says it wrote nothing).
void expect_cannot_run(const certify::RunSummary& summary, std::string_view why,
                       std::string_view stderr_ending) {
  BOOST_TEST(!summary.started);
  BOOST_TEST(summary.start_error == why);
  if (stderr_ending.empty()) {
    BOOST_TEST(summary.stderr_tail.empty(), summary.stderr_tail);
  } else {
    BOOST_TEST(summary.stderr_tail.ends_with(stderr_ending), summary.stderr_tail);
  }
}

void expect_all_not_run(const std::map<std::uint64_t, certify::Answer>& answers) {
  BOOST_TEST(count_kind(answers, Kind::not_run) == answers.size());
}

// A process the runner killed may still be a zombie waiting for init to reap it.
bool gone(pid_t pid) {
  for (int i = 0; i < 100; ++i) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pid_field, name, state;
    if (stat >> pid_field >> name >> state && state == "Z") return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The pieces

BOOST_AUTO_TEST_CASE(bounded_lines_split_chunks_cut_long_lines_and_drop_cr) {
  certify::BoundedLines lines(5);
  std::vector<std::pair<std::string, bool>> seen;
  certify::BoundedLine line;
  for (std::string_view chunk : {"ab", "c\r\nlonger than five", " still\nok\n\r\n", "12345\r\ntail"}) {
    while (lines.next(chunk, line)) seen.emplace_back(std::string(line.text), line.too_long);
  }
  if (lines.rest(line)) seen.emplace_back(std::string(line.text), line.too_long);
  const std::vector<std::pair<std::string, bool>> expected{
      {"abc", false}, {"longe", true}, {"ok", false}, {"", false}, {"12345", false}, {"tail", false}};
  BOOST_TEST(seen == expected);
}

// A line without end (a program writing one endless line) is reported as soon as it passes the
// limit, so its record gets its protocol error at once, not a timeout; once, whatever follows.
BOOST_AUTO_TEST_CASE(bounded_lines_report_a_line_as_too_long_before_it_ends) {
  certify::BoundedLines lines(5);
  certify::BoundedLine line;
  std::string_view first = "abcdefgh";
  BOOST_TEST(lines.next(first, line));
  BOOST_TEST(line.text == "abcde");
  BOOST_TEST(line.too_long);
  std::vector<std::string> seen;
  for (std::string_view chunk : {"ijk", "lm\nnext\n", "more"}) {
    while (lines.next(chunk, line)) seen.emplace_back(line.text);
  }
  if (lines.rest(line)) seen.emplace_back(line.text);
  BOOST_TEST(seen == (std::vector<std::string>{"next", "more"}));
  std::string_view endless = "0123456789";
  BOOST_TEST(lines.next(endless, line));
  BOOST_TEST(!lines.rest(line));  // reported already
}

// dash reports a program killed by SIGSEGV as its own exit status 139: the report says what it means.
BOOST_AUTO_TEST_CASE(a_shell_status_above_128_is_explained_as_the_signal) {
  BOOST_TEST(certify::describe_wait_status(139 << 8) ==
             "exit status 139: the shell's report of a program killed by signal 11 (SIGSEGV)");
  BOOST_TEST(certify::describe_wait_status(3 << 8) == "exit status 3");
  BOOST_TEST(certify::describe_wait_status(SIGKILL) == "killed by signal 9 (SIGKILL)");
}

BOOST_AUTO_TEST_CASE(byte_tail_keeps_the_last_bytes) {
  certify::ByteTail tail(4);
  tail.append("abc");
  BOOST_TEST(tail.str() == "abc");
  for (int i = 0; i < 100; ++i) tail.append("xy");
  tail.append("z");
  BOOST_TEST(tail.str() == "yxyz");
  tail.append("0123456789");
  BOOST_TEST(tail.str() == "6789");
}

// ---------------------------------------------------------------------------------------------
// Streaming

BOOST_AUTO_TEST_CASE(stream_well_behaved_program_answers_every_record_in_order) {
  const Programs programs;
  std::vector<std::string> records = numbered(10'000);
  for (std::size_t i = 0; i < records.size(); i += 7) records[i] = "bad-" + std::to_string(i);
  for (const unsigned jobs : {1u, 2u}) {
    certify::RunnerOptions options = stream(programs.python("echo.py"));
    options.jobs = jobs;
    const Run result = run(options, records);
    BOOST_TEST(result.summary.started);
    BOOST_TEST(result.summary.restarts == 0u);
    BOOST_TEST(result.summary.extra_answers == 0u);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      const certify::Answer& answer = result.sink.answers.at(i);
      const bool bad = records[i].starts_with("bad");
      if (bad ? answer.kind != Kind::rejected || answer.text != "bad record"
              : answer.kind != Kind::accepted || answer.text != records[i]) {
        ++wrong;
      }
    }
    BOOST_TEST(wrong == 0u, "jobs " << jobs);
  }
}

// --jobs 2 shares the records between the two processes, rather than filling the first one's
// queue (up to max_in_flight) before the second gets any: each answers with its own pid.
BOOST_AUTO_TEST_CASE(stream_jobs_share_the_records) {
  certify::RunnerOptions options = stream("while IFS= read -r line; do echo \"ok $$\"; done");
  options.jobs = 2;
  const Run result = run(options, numbered(100));
  std::map<std::string, std::size_t> answered_by;
  for (const auto& [index, answer] : result.sink.answers) {
    BOOST_TEST((answer.kind == Kind::accepted), "record " << index);
    ++answered_by[answer.text];
  }
  BOOST_TEST(answered_by.size() == 2u);
  for (const auto& [pid, count] : answered_by) BOOST_TEST(count >= 40u, "process " << pid);
}

BOOST_AUTO_TEST_CASE(stream_crash_on_some_records_then_restart) {
  const Programs programs;
  std::vector<std::string> records = numbered(200);
  records[50] = "exit";
  records[120] = "segv";
  const Run result = run(stream(programs.python("echo.py")), records);
  BOOST_TEST(result.summary.restarts == 2u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const certify::Answer& answer = result.sink.answers.at(i);
    if (i == 50) {
      BOOST_TEST((answer.kind == Kind::crash));
      BOOST_TEST(answer.detail == "exit status 3");
      BOOST_TEST(answer.stderr_tail == "leaving on purpose\n");
    } else if (i == 120) {
      BOOST_TEST((answer.kind == Kind::crash));
      BOOST_TEST(answer.detail == "killed by signal 11 (SIGSEGV)");
    } else {
      BOOST_TEST((answer.kind == Kind::accepted), "record " << i);
      BOOST_TEST(answer.text == records[i]);
    }
  }
}

// A program slow to start (Node.js compiling WebAssembly) is not a hang: its job's first answer
// has the start-up allowance on top of the time limit; a hang after that gets the limit alone.
BOOST_AUTO_TEST_CASE(stream_slow_start_has_the_start_up_allowance) {
  const std::string slow_start = "sleep 0.6; while IFS= read -r line; do case \"$line\" in hang) exec sleep 1000;; esac; "
                                 "echo \"ok $line\"; done";
  std::vector<std::string> records = numbered(5);
  records[3] = "hang";
  certify::RunnerOptions options = stream(slow_start);
  options.timeout = 300ms;
  options.startup_allowance = 1500ms;
  const Run allowed = run(options, records);
  BOOST_TEST((allowed.sink.answers.at(0).kind == Kind::accepted));
  BOOST_TEST((allowed.sink.answers.at(3).kind == Kind::timeout));
  BOOST_TEST(allowed.sink.answers.at(3).detail == "no answer within 300 ms");
  // The restart starts as slowly, but a restart has no allowance.
  BOOST_TEST((allowed.sink.answers.at(4).kind == Kind::timeout));
  options.startup_allowance = 0ms;
  const Run without = run(options, records);
  BOOST_TEST((without.sink.answers.at(0).kind == Kind::timeout));
}

BOOST_AUTO_TEST_CASE(stream_hang_times_out_and_the_rest_is_answered) {
  const Programs programs;
  std::vector<std::string> records = numbered(30);
  records[3] = "hang";
  records[20] = "hang";
  certify::RunnerOptions options = stream(programs.shell("hang.sh"));
  options.timeout = 500ms;
  const Run result = run(options, records);
  BOOST_TEST(result.summary.restarts == 2u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const certify::Answer& answer = result.sink.answers.at(i);
    if (records[i] == "hang") {
      BOOST_TEST((answer.kind == Kind::timeout), "record " << i);
      BOOST_TEST(answer.detail == "no answer within 500 ms");
    } else {
      BOOST_TEST((answer.kind == Kind::accepted), "record " << i);
    }
  }
  BOOST_TEST(result.elapsed < 5000ms);
}

BOOST_AUTO_TEST_CASE(stream_program_that_exits_after_three_answers_is_restarted) {
  const Programs programs;
  const std::vector<std::string> records = numbered(10);
  const Run result = run(stream(programs.python("three.py")), records);
  BOOST_TEST(result.summary.restarts == 2u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const certify::Answer& answer = result.sink.answers.at(i);
    if (i == 3 || i == 7) {
      BOOST_TEST((answer.kind == Kind::crash), "record " << i);
      BOOST_TEST(answer.detail == "exit status 0");
    } else {
      BOOST_TEST((answer.kind == Kind::accepted), "record " << i);
      BOOST_TEST(answer.text == records[i]);
    }
  }
}

BOOST_AUTO_TEST_CASE(stream_program_that_never_reads_times_out_then_not_run) {
  certify::RunnerOptions options = stream("exec sleep 1000");
  options.timeout = 200ms;
  options.max_restarts = 2;
  const Run result = run(options, numbered(3000));
  BOOST_TEST(result.summary.restarts == 2u);
  std::size_t timeouts = 0;
  std::size_t not_run = 0;
  for (const auto& [index, answer] : result.sink.answers) {
    if (answer.kind == Kind::timeout) {
      ++timeouts;
      BOOST_TEST(index < 3u);
    }
    if (answer.kind == Kind::not_run) {
      ++not_run;
      BOOST_TEST(answer.detail.find("restarted 2 times") != std::string::npos);
    }
  }
  BOOST_TEST(timeouts == 3u);
  BOOST_TEST(not_run == 2997u);
  BOOST_TEST(result.elapsed < 5000ms);
}

// A program that answers every record it has read and then stops reading, with the next record
// only partly in the pipe: that record is never written whole, so its own clock never starts, and
// the job's clock (the later of the last bytes its stdin took and its last answer) times it out.
// Records of 4000 bytes, of which a pipe holds 16; each process answers 16 lines and sleeps. The
// time bound fails the case, rather than blocking the test, if the run never ends.
BOOST_AUTO_TEST_CASE(stream_program_that_stops_reading_mid_record_times_out,
                     *boost::unit_test::timeout(20)) {
  std::vector<std::string> records = numbered(40);
  for (std::string& record : records) record.resize(4000, 'x');
  constexpr std::size_t kWritable = 65536 / 4001;
  certify::RunnerOptions options = stream("printf 'ok a\\n%.0s' $(seq 16); exec sleep 1000");
  options.timeout = 500ms;
  const Run result = run(options, records);
  // The first process answers records 0-15 and stalls in record 16; the second answers 17-32 and
  // stalls in 33; the third is sent the last 6 whole, answers them, and writes 10 lines more.
  const std::size_t first_stall = kWritable;
  const std::size_t second_stall = 2 * kWritable + 1;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const certify::Answer& answer = result.sink.answers.at(i);
    if (i == first_stall || i == second_stall) {
      BOOST_TEST((answer.kind == Kind::timeout), "record " << i);
      BOOST_TEST(answer.detail == "did not read this record within 500 ms", "record " << i);
      BOOST_TEST((answer.elapsed >= 500ms), "record " << i);
    } else {
      BOOST_TEST((answer.kind == Kind::accepted), "record " << i);
    }
  }
  BOOST_TEST(result.summary.restarts == 2u);
  BOOST_TEST(result.summary.extra_answers == 16u - (records.size() - second_stall - 1));
  BOOST_TEST(result.elapsed < 10'000ms);
}

BOOST_AUTO_TEST_CASE(stream_garbage_flood_is_protocol_errors_and_extra_lines) {
  certify::RunnerOptions options = stream("exec yes garbage");
  options.timeout = 300ms;
  const Run result = run(options, numbered(100));
  for (const auto& [index, answer] : result.sink.answers) {
    BOOST_TEST((answer.kind == Kind::protocol_error), "record " << index);
    BOOST_TEST(answer.text == "garbage");
  }
  BOOST_TEST(result.summary.extra_answers > 0u);
  BOOST_TEST(result.summary.first_extra_answer == "garbage");
  BOOST_TEST(result.elapsed < 5000ms);
}

BOOST_AUTO_TEST_CASE(stream_stderr_flood_while_answering) {
  const Programs programs;
  certify::RunnerOptions options = stream("yes noise >&2 & " + programs.python("noisy.py"));
  options.stderr_tail_bytes = 1000;
  options.timeout = 1000ms;
  const std::vector<std::string> records = numbered(2000);
  const Run result = run(options, records);
  for (std::size_t i = 0; i < records.size(); ++i) {
    BOOST_TEST((result.sink.answers.at(i).kind == Kind::accepted), "record " << i);
  }
  // The tail is the last bytes the two writers wrote. Which wrote last, and how their writes
  // interleave (`yes` writes more than a pipe writes atomically), is the scheduler's choice, so
  // the tail is checked for holding their bytes and nothing else, not for a particular mix.
  const std::string& tail = result.summary.stderr_tail;
  BOOST_TEST(tail.size() == 1000u);  // the limit, filled: far more was written
  BOOST_TEST(tail.find_first_not_of("noise\n") == std::string::npos, tail);
  BOOST_TEST(result.summary.restarts == 0u);
}

BOOST_AUTO_TEST_CASE(stream_answers_twice_counts_extra_answers) {
  const Programs programs;
  const Run result = run(stream(programs.python("twice.py")), numbered(10));
  BOOST_TEST(result.summary.extra_answers == 10u);
  BOOST_TEST(result.summary.first_extra_answer.starts_with("ok rec-"));
  for (const auto& [index, answer] : result.sink.answers) {
    BOOST_TEST((answer.kind == Kind::accepted), "record " << index);
  }
}

BOOST_AUTO_TEST_CASE(stream_line_over_the_limit_is_a_protocol_error) {
  const Programs programs;
  const Run result = run(stream(programs.python("echo.py")), {"a", "long", "b", "ok", "error"});
  const certify::Answer& long_line = result.sink.answers.at(1);
  BOOST_TEST((long_line.kind == Kind::protocol_error));
  BOOST_TEST(long_line.text.size() == 64u * 1024u);
  BOOST_TEST(long_line.text.starts_with("ok xxx"));
  BOOST_TEST(long_line.detail == "line over 65536 bytes");
  BOOST_TEST((result.sink.answers.at(0).kind == Kind::accepted));
  BOOST_TEST((result.sink.answers.at(2).kind == Kind::accepted));
  BOOST_TEST(result.sink.answers.at(2).text == "b");
}

BOOST_AUTO_TEST_CASE(stream_answer_forms) {
  // `ok` alone and anything else are not answers; `error` alone is a rejection. The answers come
  // after all five records are read, so none of them is early.
  certify::RunnerOptions options =
      stream("head -n 5 >/dev/null; printf 'ok\\nerror\\nerror said why\\r\\nok  two spaces\\nnonsense\\n'");
  const Run result = run(options, numbered(5));
  expect_answers(result.sink.answers, {{Kind::protocol_error, "ok", {}},
                                       {Kind::rejected, "", {}},
                                       {Kind::rejected, "said why", {}},
                                       {Kind::accepted, " two spaces", {}},
                                       {Kind::protocol_error, "nonsense", {}}});
}

// The start error is the sentence alone; what the shell said is the summary's stderr_tail.
BOOST_AUTO_TEST_CASE(stream_program_that_cannot_start) {
  const Run result = run(stream("/nonexistent/x"), numbered(5));
  expect_cannot_run(result.summary,
                    "the program ended before answering any record: exit status 127, the shell's "
                    "status for a command not found",
                    "/nonexistent/x: not found\n");
  expect_all_not_run(result.sink.answers);
  expect_cannot_run(run(stream("exit 126"), numbered(5)).summary,
                    "the program ended before answering any record: exit status 126, the shell's "
                    "status for a command it cannot execute; it wrote nothing on its standard error",
                    "");
}

// A program that ends before answering anything, on its first start and again on its restart,
// cannot run: one message for the run instead of a crash for every record. The first process's
// record has its crash (the runner could not know yet); every other record pulled is not_run, and
// the feed is left alone.
BOOST_AUTO_TEST_CASE(stream_program_that_ends_before_any_answer_twice_cannot_run) {
  for (const unsigned jobs : {1u, 2u}) {
    certify::RunnerOptions options = stream(kCannotOpen);
    options.jobs = jobs;
    options.max_in_flight = 4;  // records are left in the feed
    const Run result = run(options, numbered(50));
    BOOST_TEST_CONTEXT("jobs " << jobs) {
      expect_cannot_run(result.summary,
                        "the program ended before answering any record: exit status 2 on its first "
                        "start, and again on its " + std::string(jobs == 1 ? "restart" : "next start"),
                        kCannotOpenSays);
    }
    BOOST_TEST(result.pulled < 50u, "jobs " << jobs);
    BOOST_TEST(count_kind(result.sink.answers, Kind::crash) == 1u, "jobs " << jobs);
    BOOST_TEST(count_kind(result.sink.answers, Kind::not_run) == result.pulled - 1,
               "jobs " << jobs);
    expect_not_run_took_no_time(result.sink.answers);
  }
}

// With no restart allowed, the first start is the only one there is to judge by.
BOOST_AUTO_TEST_CASE(stream_program_that_ends_before_any_answer_without_restarts_cannot_run) {
  certify::RunnerOptions options = stream(kCannotOpen);
  options.max_restarts = 0;
  const Run result = run(options, numbered(5));
  expect_cannot_run(result.summary,
                    "the program ended before answering any record: exit status 2 on its first "
                    "start, with no restart allowed",
                    kCannotOpenSays);
  expect_all_not_run(result.sink.answers);
  options.command = "exit 3";
  expect_cannot_run(run(options, numbered(5)).summary,
                    "the program ended before answering any record: exit status 3 on its first "
                    "start, with no restart allowed; it wrote nothing on its standard error",
                    "");
}

// Crashing on the first record only is a crash, not a program that cannot run: its restart answers.
BOOST_AUTO_TEST_CASE(stream_crash_on_the_first_record_alone_is_a_crash) {
  const Programs programs;
  std::vector<std::string> records = numbered(5);
  records[0] = "exit";
  const Run result = run(stream(programs.python("echo.py")), records);
  BOOST_TEST(result.summary.started);
  BOOST_TEST(result.summary.restarts == 1u);
  expect_answers(result.sink.answers, {{Kind::crash, {}, "exit status 3"},
                                       {Kind::accepted, "rec-1", {}},
                                       {Kind::accepted, "rec-2", {}},
                                       {Kind::accepted, "rec-3", {}},
                                       {Kind::accepted, "rec-4", {}}});
}

// A banner before the first answer shifts every answer by one: the first lines of the run are
// kept, cut, for the grader to show.
BOOST_AUTO_TEST_CASE(stream_first_lines_of_the_run_are_kept) {
  const Programs programs;
  const std::string banner = "printf '%0300d\\r\\n' 0; echo 'Engine 1.0'; ";
  const Run result = run(stream(banner + programs.shell("hang.sh")), numbered(5));
  BOOST_TEST(result.summary.first_lines ==
             (std::vector<std::string>{std::string(200, '0'), "Engine 1.0", "ok rec-0"}));
  BOOST_TEST(result.summary.extra_answers == 2u);
}

// Lines beyond the records written so far are extra answers as soon as they arrive, in each job:
// they are not the answers of records the program has not been sent. Records of 4000 bytes, of
// which a pipe holds 16 at most; the program writes 30 lines before it reads anything.
BOOST_AUTO_TEST_CASE(stream_lines_beyond_the_records_sent_are_extra_answers) {
  std::vector<std::string> records = numbered(40);
  for (std::string& record : records) record.resize(4000, 'x');
  constexpr std::size_t kWritable = 65536 / 4001;
  for (const unsigned jobs : {1u, 2u}) {
    certify::RunnerOptions options = stream(
        "i=0; while [ $i -lt 30 ]; do echo 'ok early'; i=$((i+1)); done; sleep 1; exec cat >/dev/null");
    options.jobs = jobs;
    // Two jobs are dealt the records in turn, the even ones to the first, the odd to the second;
    // one job has records 0-19 in flight, and the rest are never sent (no restart).
    options.max_in_flight = 20;
    options.max_restarts = 0;
    options.timeout = 300ms;
    const Run result = run(options, records);
    std::size_t early_first = 0;
    std::size_t early_second = 0;
    for (const auto& [index, answer] : result.sink.answers) {
      if (answer.kind == Kind::accepted && answer.text == "early") {
        ++(jobs == 1 || index % 2 == 0 ? early_first : early_second);
      }
    }
    const std::string seen = "jobs " + std::to_string(jobs) + ": " + std::to_string(early_first) +
                             " and " + std::to_string(early_second) + " early answers, " +
                             std::to_string(result.summary.extra_answers) + " extra";
    BOOST_TEST(early_first <= kWritable, seen);
    BOOST_TEST(early_second <= (jobs == 1 ? 0 : kWritable), seen);
    BOOST_TEST(early_first + early_second + result.summary.extra_answers == 30u * jobs, seen);
  }
}

// Each answer carries the time from its record's last byte written to its answer line; a timeout,
// the time waited; a record sent again after a restart, the time from its second sending.
BOOST_AUTO_TEST_CASE(stream_answers_carry_their_time) {
  const Programs programs;
  certify::RunnerOptions options = stream(programs.shell("slow.sh"));
  options.timeout = 500ms;
  const Run result = run(options, {"quick", "slow", "hang", "after"});
  const auto& answers = result.sink.answers;
  expect_answers(answers, {{Kind::accepted, "quick", {}},
                           {Kind::accepted, "slow", {}},
                           {Kind::timeout, {}, {}},
                           {Kind::accepted, "after", {}}});
  BOOST_TEST(answers.at(0).elapsed.count() > 0);
  BOOST_TEST((answers.at(0).elapsed < answers.at(1).elapsed));
  BOOST_TEST((answers.at(1).elapsed >= 300ms));
  BOOST_TEST((answers.at(2).elapsed >= 500ms));
  BOOST_TEST((answers.at(3).elapsed < 800ms));  // sent first at least 800 ms before
}

BOOST_AUTO_TEST_CASE(stream_background_child_in_the_group_is_killed) {
  const Programs programs;
  const std::filesystem::path pidfile = programs.dir / "pid";
  const Run result = run(stream("sleep 1000 & echo $! > " + pidfile.string() + "; " +
                                programs.python("echo.py")),
                         numbered(20));
  for (const auto& [index, answer] : result.sink.answers) {
    BOOST_TEST((answer.kind == Kind::accepted));
  }
  pid_t pid = 0;
  BOOST_REQUIRE(std::ifstream(pidfile) >> pid);
  BOOST_TEST(gone(pid));
  BOOST_TEST(result.elapsed < 5000ms);
}

// ---------------------------------------------------------------------------------------------
// Per case

BOOST_AUTO_TEST_CASE(per_case_every_outcome) {
  const Programs programs;
  certify::RunnerOptions options = per_case(programs.shell("per_case.sh"));
  options.timeout = 500ms;
  options.jobs = 2;
  const std::vector<std::string> records{"rec-0", "reject", "reject-quietly", "segv",
                                         "hang",  "status", "rec-6"};
  const Run result = run(options, records);
  BOOST_TEST(result.summary.started);
  expect_answers(result.sink.answers, {{Kind::accepted, "rec-0", {}},
                                       {Kind::rejected, "bad input here", {}},
                                       {Kind::rejected, "said on stderr", {}},
                                       {Kind::crash, {}, "killed by signal 11 (SIGSEGV)"},
                                       {Kind::timeout, {}, {}},
                                       {Kind::crash, {}, "exit status 5"},
                                       {Kind::accepted, {}, {}}});
  BOOST_TEST(result.elapsed < 5000ms);
}

BOOST_AUTO_TEST_CASE(per_case_binary_records_pass_exactly) {
  certify::RunnerOptions options = per_case("exec cat");
  options.jobs = 2;
  const std::string binary("a\0b\nc\r\n\xff d", 10);
  const std::string big(200'000, 'x');
  const Run result = run(options, {binary, "", big});
  expect_answers(result.sink.answers, {{Kind::accepted, binary, {}},
                                       {Kind::accepted, "", {}},
                                       {Kind::protocol_error, {}, "answer over 65536 bytes"}});
}

BOOST_AUTO_TEST_CASE(per_case_program_that_never_reads) {
  const Run result = run(per_case("exit 0"), {std::string(1'000'000, 'x')});
  expect_answers(result.sink.answers, {{Kind::accepted, {}, {}}});
  BOOST_TEST(result.elapsed < 5000ms);
}

BOOST_AUTO_TEST_CASE(per_case_program_that_cannot_start) {
  certify::RunnerOptions options = per_case("/nonexistent/x");
  options.jobs = 2;
  const Run result = run(options, numbered(10));
  expect_cannot_run(result.summary,
                    "the program ended before answering any record: exit status 127, the shell's "
                    "status for a command not found",
                    "/nonexistent/x: not found\n");
  BOOST_TEST(result.pulled < 10u);
  expect_all_not_run(result.sink.answers);
}

// Per case, the first two processes to end decide: both ended without an answer, and no record has
// one, so the program cannot run.
BOOST_AUTO_TEST_CASE(per_case_program_that_ends_twice_before_any_answer_cannot_run) {
  for (const unsigned jobs : {1u, 2u}) {
    certify::RunnerOptions options = per_case(kCannotOpen);
    options.jobs = jobs;
    const Run result = run(options, numbered(10));
    BOOST_TEST_CONTEXT("jobs " << jobs) {
      expect_cannot_run(result.summary,
                        "the program ended before answering any record: exit status 2 in the first "
                        "process to end, and again in the second",
                        kCannotOpenSays);
    }
    BOOST_TEST(result.pulled < 10u, "jobs " << jobs);
    BOOST_TEST(count_kind(result.sink.answers, Kind::crash) == 1u, "jobs " << jobs);
    expect_not_run_took_no_time(result.sink.answers);
  }
}

// One crash before the first answer is a crash: the next process answers.
BOOST_AUTO_TEST_CASE(per_case_crash_before_the_first_answer_is_a_crash) {
  const Programs programs;
  const Run result =
      run(per_case(programs.shell("per_case.sh")), {"segv", "rec-1", "status", "rec-3"});
  BOOST_TEST(result.summary.started);
  expect_answers(result.sink.answers, {{Kind::crash, {}, "killed by signal 11 (SIGSEGV)"},
                                       {Kind::accepted, "rec-1", {}},
                                       {Kind::crash, {}, "exit status 5"},
                                       {Kind::accepted, "rec-3", {}}});
}

// Per case, an answer's time is its process's, from start to exit; a timeout's, the time waited.
BOOST_AUTO_TEST_CASE(per_case_answers_carry_their_time) {
  certify::RunnerOptions options = per_case(
      "record=$(cat); case \"$record\" in hang) exec sleep 1000;; esac; sleep 0.2; "
      "printf %s \"$record\"");
  options.timeout = 500ms;
  const Run result = run(options, {"slow", "hang"});
  expect_answers(result.sink.answers, {{Kind::accepted, "slow", {}}, {Kind::timeout, {}, {}}});
  BOOST_TEST((result.sink.answers.at(0).elapsed >= 200ms));
  BOOST_TEST((result.sink.answers.at(1).elapsed >= 500ms));
}

BOOST_AUTO_TEST_CASE(per_case_background_child_in_the_group_is_killed) {
  const Programs programs;
  const std::filesystem::path pidfile = programs.dir / "pid";
  const Run result =
      run(per_case("sleep 1000 & echo $! > " + pidfile.string() + "; exec cat"), {"only"});
  expect_answers(result.sink.answers, {{Kind::accepted, "only", {}}});
  pid_t pid = 0;
  BOOST_REQUIRE(std::ifstream(pidfile) >> pid);
  BOOST_TEST(gone(pid));
  BOOST_TEST(result.elapsed < 5000ms);
}
