#include "stream_session.hpp"

#include <poll.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "bounded_lines.hpp"
#include "byte_tail.hpp"
#include "child_process.hpp"
#include "in_flight_queue.hpp"
#include "pipe_io.hpp"
#include "poll_timeout.hpp"
#include "wait_status.hpp"

namespace xfen::certify {
namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// Reads of one pipe per wake-up: enough to empty a full pipe, few enough that a process writing
// without end cannot starve the others.
constexpr int kReadsPerWake = 4;
// What is still read from a process after it ended (a child it left behind may write for ever).
constexpr std::size_t kDrainLimit = 4 * 1024 * 1024;
// How long a process that closed its standard output has to exit before its group is killed.
constexpr std::chrono::milliseconds kExitGrace{100};
// Poll's wake-up period where the kernel has no pidfd, to notice exits that close no pipe.
constexpr int kExitTick = 10;

enum class Ending : unsigned char {
  exited,          // its pidfd said so
  output_closed,   // end of file on its standard output
  input_closed,    // it closed its standard input with nothing in flight: it can take no more
  timed_out,       // the record at the head of its queue had no answer in time
  closing_expired  // all answered, stdin closed, and it did not exit in time
};

struct Worker {
  explicit Worker(const RunnerOptions& options)
      : queue(options.max_in_flight),
        lines(options.max_line_bytes),
        errors(options.stderr_tail_bytes) {}

  ChildProcess child;
  unsigned generation = 0;  // bumped at each start, so that stale poll results are ignored
  InFlightQueue queue;
  BoundedLines lines;
  ByteTail errors;
  std::string out;  // bytes not yet written to its stdin, from out_pos
  std::size_t out_pos = 0;
  std::uint64_t queued_bytes = 0;
  std::uint64_t written_bytes = 0;
  // When the head record's time started: the later of its last byte written and the answer
  // before it. Empty while it is not fully written.
  std::optional<RunClock::time_point> head_since;
  bool input_open = false;
  bool output_open = false;
  bool errors_open = false;
  bool closing = false;   // stdin closed by us: every record answered, waiting for it to exit
  bool finished = false;  // ended for good: takes no more records
  RunClock::time_point exit_deadline{};
};

enum class Stream : unsigned char { input, output, errors, exit };

struct PollTarget {
  Worker* worker;
  unsigned generation;
  Stream stream;
};

class StreamSession {
 public:
  StreamSession(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : options_(options), feed_(feed), sink_(sink), chunk_(kReadChunk) {
    for (unsigned i = 0; i < options.jobs; ++i) workers_.push_back(std::make_unique<Worker>(options));
  }

  RunSummary run() {
    now_ = RunClock::now();
    for (auto& worker : workers_) {
      if (const int error = spawn(*worker); error != 0) {
        not_started("cannot start /bin/sh: " + std::string(std::strerror(error)));
        return summary_;
      }
    }
    for (;;) {
      now_ = RunClock::now();
      fill();
      bool any_running = false;
      for (auto& worker : workers_) {
        if (!worker->child.running()) continue;
        send(*worker);
        if (feed_done_ && worker->queue.empty() && !worker->closing) begin_closing(*worker);
        any_running = true;
      }
      if (!any_running) break;
      wait_and_handle();
      check_deadlines();
    }
    return summary_;
  }

 private:
  int spawn(Worker& worker) {
    if (const int error = worker.child.start(options_.command); error != 0) return error;
    ++worker.generation;
    worker.input_open = worker.output_open = worker.errors_open = true;
    worker.closing = false;
    worker.lines.clear();
    worker.errors.clear();
    worker.head_since.reset();
    worker.out.clear();
    worker.out_pos = 0;
    worker.queued_bytes = worker.written_bytes = 0;
    for (std::size_t i = 0; i < worker.queue.size(); ++i) enqueue_bytes(worker, worker.queue.at(i));
    return 0;
  }

  void enqueue_bytes(Worker& worker, InFlight& slot) {
    worker.out += slot.record;
    worker.out += '\n';
    worker.queued_bytes += slot.record.size() + 1;
    slot.end = worker.queued_bytes;
  }

  // Records are pulled only into a queue with room, so memory stays bounded by jobs ×
  // max_in_flight records however long the feed is. A queue is topped up only once it is down to
  // half: a program that writes each answer on its own would otherwise get one write per answer,
  // while half a queue in flight still keeps it busy.
  void fill() {
    if (feed_done_ || stopped_) return;
    for (auto& owned : workers_) {
      Worker& worker = *owned;
      if (worker.finished || worker.closing) continue;
      if (worker.child.running() && !worker.input_open) continue;
      if (worker.queue.size() > options_.max_in_flight / 2) continue;
      while (!worker.queue.full()) {
        InFlight& slot = worker.queue.push();
        if (!feed_.next(slot.index, slot.record)) {
          worker.queue.drop_last();
          feed_done_ = true;
          return;
        }
        if (!worker.child.running()) {
          // It ended with nothing in flight while records were left: start it again.
          if (!restart(worker)) return;
          continue;
        }
        enqueue_bytes(worker, slot);
      }
    }
  }

  bool restart(Worker& worker) {
    if (summary_.restarts >= options_.max_restarts) {
      give_up("not run: the program was restarted " + std::to_string(summary_.restarts) +
              " times, the most allowed");
      return false;
    }
    ++summary_.restarts;
    if (const int error = spawn(worker); error != 0) {
      give_up("not run: cannot start /bin/sh again: " + std::string(std::strerror(error)));
      return false;
    }
    return true;
  }

  void send(Worker& worker) {
    if (!worker.input_open) return;
    while (worker.out_pos < worker.out.size()) {
      const std::string_view pending = std::string_view(worker.out).substr(worker.out_pos);
      const PipeResult result = write_some(worker.child.input(), pending);
      if (result.status == PipeStatus::would_block) break;
      if (result.status == PipeStatus::closed) {
        // It closed its stdin (or died): what was not sent never will be, so the head's clock
        // starts now and it gets an answer, a crash or a timeout.
        worker.child.close_input();
        worker.input_open = false;
        worker.written_bytes = worker.queued_bytes;
        worker.out.clear();
        worker.out_pos = 0;
        break;
      }
      worker.out_pos += result.bytes;
      worker.written_bytes += result.bytes;
      if (result.bytes < pending.size()) break;  // the pipe is full: poll says when to go on
    }
    if (worker.out_pos == worker.out.size()) {
      worker.out.clear();
      worker.out_pos = 0;
    } else if (worker.out_pos > worker.out.size() / 2) {
      worker.out.erase(0, worker.out_pos);
      worker.out_pos = 0;
    }
    start_head_clock(worker);
  }

  void start_head_clock(Worker& worker) {
    if (!worker.queue.empty() && !worker.head_since &&
        worker.written_bytes >= worker.queue.front().end) {
      worker.head_since = now_;
    }
  }

  void begin_closing(Worker& worker) {
    worker.child.close_input();
    worker.input_open = false;
    worker.closing = true;
    worker.exit_deadline = now_ + options_.timeout;
  }

  void wait_and_handle() {
    fds_.clear();
    targets_.clear();
    RunClock::time_point deadline = RunClock::time_point::max();
    bool tick = false;
    for (auto& owned : workers_) {
      Worker& worker = *owned;
      if (!worker.child.running()) continue;
      if (worker.input_open && worker.out_pos < worker.out.size()) {
        add(worker.child.input(), POLLOUT, worker, Stream::input);
      }
      if (worker.output_open) add(worker.child.output(), POLLIN, worker, Stream::output);
      if (worker.errors_open) add(worker.child.errors(), POLLIN, worker, Stream::errors);
      if (worker.child.exit_fd() >= 0) {
        add(worker.child.exit_fd(), POLLIN, worker, Stream::exit);
      } else {
        tick = true;
      }
      if (!worker.queue.empty() && worker.head_since) {
        deadline = std::min(deadline, *worker.head_since + options_.timeout);
      }
      if (worker.closing) deadline = std::min(deadline, worker.exit_deadline);
    }
    int timeout = poll_timeout_ms(RunClock::now(), deadline);
    if (tick && (timeout < 0 || timeout > kExitTick)) timeout = kExitTick;
    if (::poll(fds_.data(), fds_.size(), timeout) <= 0) return;
    now_ = RunClock::now();
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      if (fds_[i].revents == 0) continue;
      const PollTarget target = targets_[i];
      Worker& worker = *target.worker;
      // An earlier event of this round may have ended (and restarted) the process.
      if (!worker.child.running() || worker.generation != target.generation) continue;
      switch (target.stream) {
        case Stream::input:
          send(worker);
          break;
        case Stream::output:
          read_output(worker);
          break;
        case Stream::errors:
          read_errors(worker, kReadsPerWake);
          break;
        case Stream::exit:
          end_process(worker, Ending::exited);
          break;
      }
    }
  }

  void add(int fd, short events, Worker& worker, Stream stream) {
    fds_.push_back(pollfd{fd, events, 0});
    targets_.push_back(PollTarget{&worker, worker.generation, stream});
  }

  void check_deadlines() {
    now_ = RunClock::now();
    for (auto& owned : workers_) {
      Worker& worker = *owned;
      if (!worker.child.running()) continue;
      if (!worker.queue.empty() && worker.head_since && now_ >= *worker.head_since + options_.timeout) {
        end_process(worker, Ending::timed_out);
      } else if (worker.closing && now_ >= worker.exit_deadline) {
        end_process(worker, Ending::closing_expired);
      } else if (!worker.input_open && !worker.closing && worker.queue.empty()) {
        end_process(worker, Ending::input_closed);
      } else if (worker.child.exit_fd() < 0 && worker.child.has_exited()) {
        end_process(worker, Ending::exited);
      }
    }
  }

  // Reads up to `reads` chunks of stdout and hands out the lines; false at end of file.
  bool read_lines(Worker& worker, int reads) {
    for (int i = 0; i < reads; ++i) {
      const PipeResult result = read_some(worker.child.output(), chunk_);
      if (result.status == PipeStatus::would_block) return true;
      if (result.status == PipeStatus::closed) {
        BoundedLine line;
        if (worker.lines.rest(line)) on_line(worker, line);
        worker.child.close_output();
        worker.output_open = false;
        return false;
      }
      std::string_view bytes(chunk_.data(), result.bytes);
      BoundedLine line;
      while (worker.lines.next(bytes, line)) on_line(worker, line);
      if (result.bytes < chunk_.size()) return true;
    }
    return true;
  }

  void read_output(Worker& worker) {
    // While closing, a program may close stdout and still have work to finish: its exit or the
    // exit deadline ends it, not the end of its output.
    if (!read_lines(worker, kReadsPerWake) && !worker.closing) {
      end_process(worker, Ending::output_closed);
    }
  }

  void read_errors(Worker& worker, int reads) {
    for (int i = 0; i < reads && worker.errors_open; ++i) {
      const PipeResult result = read_some(worker.child.errors(), chunk_);
      if (result.status == PipeStatus::would_block) return;
      if (result.status == PipeStatus::closed) {
        worker.child.close_errors();
        worker.errors_open = false;
        return;
      }
      worker.errors.append(std::string_view(chunk_.data(), result.bytes));
      if (result.bytes < chunk_.size()) return;
    }
  }

  void on_line(Worker& worker, const BoundedLine& line) {
    any_line_ = true;
    if (worker.queue.empty()) {
      if (summary_.extra_answers++ == 0) summary_.first_extra_answer.assign(line.text);
      return;
    }
    const std::uint64_t index = worker.queue.front().index;
    const std::string_view text = line.text;
    if (line.too_long) {
      deliver(index, Answer::Kind::protocol_error, text,
              "line over " + std::to_string(options_.max_line_bytes) + " bytes");
    } else if (text.starts_with("ok ")) {
      deliver(index, Answer::Kind::accepted, text.substr(3), {});
    } else if (text == "error") {
      deliver(index, Answer::Kind::rejected, {}, {});
    } else if (text.starts_with("error ")) {
      deliver(index, Answer::Kind::rejected, text.substr(6), {});
    } else if (text == "ok") {
      deliver(index, Answer::Kind::protocol_error, text, "'ok' without the record after it");
    } else {
      deliver(index, Answer::Kind::protocol_error, text,
              "not an answer: a line must be 'ok <record>', 'error' or 'error <text>'");
    }
    worker.queue.pop();
    worker.head_since.reset();
    start_head_clock(worker);
  }

  void end_process(Worker& worker, Ending ending) {
    const bool killed = ending == Ending::timed_out || ending == Ending::closing_expired;
    if (!killed) drain(worker);
    const ChildEnd end = worker.child.stop(killed ? std::chrono::milliseconds(0) : kExitGrace);
    if (worker.errors_open) read_errors(worker, static_cast<int>(kDrainLimit / kReadChunk));
    worker.child.close_pipes();
    worker.input_open = worker.output_open = worker.errors_open = false;
    summary_.stderr_tail = worker.errors.str();
    now_ = RunClock::now();

    if (!any_line_ && summary_.restarts == 0 &&
        (exited_with(end.status, 126) || exited_with(end.status, 127))) {
      not_started("/bin/sh -c COMMAND ended with " + describe_wait_status(end.status) +
                  " before answering anything; its standard error: " + summary_.stderr_tail);
      return;
    }
    if (ending == Ending::timed_out) {
      deliver(worker.queue.front().index, Answer::Kind::timeout, {},
              "no answer within " + std::to_string(options_.timeout.count()) + " ms",
              &summary_.stderr_tail);
      worker.queue.pop();
    } else if (!worker.queue.empty()) {
      const std::string how = end.exited_by_itself
                                  ? describe_wait_status(end.status)
                                  : "closed its standard output and did not exit";
      deliver(worker.queue.front().index, Answer::Kind::crash, {}, how, &summary_.stderr_tail);
      worker.queue.pop();
    }
    if (worker.closing || stopped_) {
      worker.finished = true;
      worker.closing = false;
      return;
    }
    if (!worker.queue.empty()) {
      restart(worker);
    } else if (feed_done_) {
      worker.finished = true;
    }
  }

  // What a process wrote before it ended is read, within a bound: answers first, then stderr.
  void drain(Worker& worker) {
    if (worker.output_open) read_lines(worker, static_cast<int>(kDrainLimit / kReadChunk));
    if (worker.errors_open) read_errors(worker, static_cast<int>(kDrainLimit / kReadChunk));
  }

  // Every record in flight and every record left in the feed: not_run.
  void give_up(const std::string& why) {
    stop_all(why);
    std::uint64_t index = 0;
    while (feed_.next(index, pulled_)) deliver(index, Answer::Kind::not_run, {}, why);
    feed_done_ = true;
  }

  // The records already pulled get not_run; the feed is left alone.
  void not_started(const std::string& why) {
    summary_.started = false;
    summary_.start_error = why;
    stop_all("not run: the program could not be started");
  }

  void stop_all(const std::string& why) {
    stopped_ = true;
    for (auto& owned : workers_) {
      Worker& worker = *owned;
      if (worker.child.running()) {
        worker.child.stop(std::chrono::milliseconds(0));
        worker.child.close_pipes();
        worker.input_open = worker.output_open = worker.errors_open = false;
      }
      for (std::size_t i = 0; i < worker.queue.size(); ++i) {
        deliver(worker.queue.at(i).index, Answer::Kind::not_run, {}, why);
      }
      worker.queue.clear();
      worker.finished = true;
      worker.closing = false;
    }
  }

  void deliver(std::uint64_t index, Answer::Kind kind, std::string_view text, std::string_view detail,
               const std::string* stderr_tail = nullptr) {
    // One Answer reused: unless the sink takes its strings, their buffers are kept from record
    // to record.
    answer_.kind = kind;
    answer_.text.assign(text);
    answer_.detail.assign(detail);
    if (stderr_tail != nullptr) {
      answer_.stderr_tail = *stderr_tail;
    } else {
      answer_.stderr_tail.clear();
    }
    sink_.take(index, std::move(answer_));
  }

  const RunnerOptions& options_;
  RecordFeed& feed_;
  AnswerSink& sink_;
  RunSummary summary_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<char> chunk_;
  std::vector<pollfd> fds_;
  std::vector<PollTarget> targets_;
  Answer answer_;
  std::string pulled_;
  RunClock::time_point now_{};
  bool feed_done_ = false;
  bool stopped_ = false;  // gave up, or could not start: nothing more is pulled or started
  bool any_line_ = false;
};

}  // namespace

RunSummary run_stream(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  return StreamSession(options, feed, sink).run();
}

}  // namespace xfen::certify
