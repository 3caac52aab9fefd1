
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "certify/run/bounded_lines.hpp"
#include "certify/run/child_process.hpp"
#include "certify/run/poll_set.hpp"
#include "certify/run/sessions.hpp"

namespace xfen::certify {

namespace {

// The records one streaming process has been sent and not yet answered, oldest first: a ring of
// at most `capacity` slots whose strings are reused, so that a long run allocates nothing per
// record once the ring has grown.
struct InFlight {
  std::uint64_t index = 0;
  std::string record;
  std::uint64_t end = 0;  // offset in the process's input just past the record's '\n'
  RunClock::time_point written_at{};  // when that offset was reached, once it was
};

class InFlightQueue {
 public:
  explicit InFlightQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity_; }
  std::size_t size() const { return size_; }

  // Whether the oldest record has been written whole: only then can a line be its answer.
  bool front_written() const { return written_ > 0; }
  // Stamps with `now` the records that the first `bytes` bytes of the process's input now hold
  // whole. They are the oldest: records are written in order.
  void mark_written(std::uint64_t bytes, RunClock::time_point now) {
    while (written_ < size_ && at(written_).end <= bytes) at(written_++).written_at = now;
  }
  // To be written again, to a new process.
  void forget_written() { written_ = 0; }

  // The new last slot, holding whatever an earlier record left in it. Not when full().
  InFlight& push() {
    if (size_ == slots_.size()) grow();
    InFlight& slot = slots_[(head_ + size_) % slots_.size()];
    ++size_;
    return slot;
  }
  void drop_last() { --size_; }

  InFlight& front() { return slots_[head_]; }
  InFlight& at(std::size_t i) { return slots_[(head_ + i) % slots_.size()]; }
  void pop() {
    head_ = (head_ + 1) % slots_.size();
    --size_;
    if (written_ > 0) --written_;
  }
  void clear() { head_ = size_ = written_ = 0; }

 private:
  // Grows by doubling up to the capacity, so a run that never has many records in flight never
  // pays for the capacity.
  void grow() {
    std::rotate(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_), slots_.end());
    head_ = 0;
    slots_.resize(std::min(capacity_, std::max<std::size_t>(16, 2 * slots_.size())));
  }

  std::size_t capacity_;
  std::vector<InFlight> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  std::size_t written_ = 0;  // the first written_ records are written whole
};

// How long a process that closed its standard output has to exit before its group is killed.
constexpr std::chrono::milliseconds kExitGrace{100};

enum class Ending : unsigned char {
  exited,          // its pidfd said so
  output_closed,   // end of file on its standard output
  input_closed,    // it closed its standard input with nothing in flight: it can take no more
  timed_out,       // the record at the head of its queue had no answer in time
  closing_expired  // all answered, stdin closed, and it did not exit in time
};

struct Worker : WatchedChild {
  explicit Worker(const RunnerOptions& options)
      : WatchedChild(options.stderr_tail_bytes),
        queue(options.max_in_flight),
        lines(options.max_line_bytes) {}

  InFlightQueue queue;
  BoundedLines lines;
  std::string out;  // bytes not yet written to its stdin, from out_pos
  std::size_t out_pos = 0;
  std::uint64_t queued_bytes = 0;
  std::uint64_t written_bytes = 0;
  // When the head record's time started: the later of its last byte written and the answer
  // before it. Empty while it is not fully written.
  std::optional<RunClock::time_point> head_since;
  // The clock of a head record not yet written whole (RunnerOptions::timeout): when the process
  // last took bytes of its input or answered a record, or else when it started. A program that
  // stops reading with a record partly in the pipe never starts that record's own clock.
  RunClock::time_point progress_at{};
  // Whether any process of this job has answered: the start-up allowance is for the first start
  // only (a restart finds the machine's caches warm, and a program hanging on many records
  // would pay it at each).
  bool has_answered = false;
  bool closing = false;   // stdin closed by us: every record answered, waiting for it to exit
  bool finished = false;  // ended for good: takes no more records
  RunClock::time_point exit_deadline{};
};

// How the processes that ended before any answer are named in RunSummary::start_error. With
// several jobs, the second to end may be another job's first start rather than a restart.
StartCheck stream_start_check(const RunnerOptions& options) {
  return {options.max_restarts == 0 ? 1U : 2U,
          {"on its first start", options.jobs == 1 ? "on its restart" : "on its next start",
           "with no restart allowed"}};
}

class StreamSession : SessionCore<StreamSession, Worker> {
 public:
  StreamSession(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : SessionCore(options, feed, sink, stream_start_check(options)) {}

  RunSummary run() {
    now_ = RunClock::now();
    for (auto& worker : slots_) {
      if (const int error = spawn(*worker); error != 0) {
        not_started("cannot start /bin/sh: " + std::string(std::strerror(error)));
        return summary_;
      }
    }
    for (;;) {
      now_ = RunClock::now();
      fill();
      bool any_running = false;
      for (auto& worker : slots_) {
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
  friend SessionCore;

  int spawn(Worker& worker) {
    if (const int error = worker.start(options_.command); error != 0) return error;
    worker.closing = false;
    worker.lines.clear();
    worker.head_since.reset();
    worker.progress_at = now_;
    worker.out.clear();
    worker.out_pos = 0;
    worker.queued_bytes = worker.written_bytes = 0;
    worker.queue.forget_written();
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
  // while half a queue in flight still keeps it busy. The records are dealt one at a time to the
  // least loaded of the queues being topped up: filling one queue before the next would give the
  // first job all of a run shorter than max_in_flight, and leave the others idle.
  void fill() {
    if (feed_done_ || stopped_) return;
    topping_up_.clear();
    for (auto& owned : slots_) {
      if (takes_records(*owned) && owned->queue.size() <= options_.max_in_flight / 2) {
        topping_up_.push_back(owned.get());
      }
    }
    while (Worker* worker = least_loaded(topping_up_)) {
      InFlight& slot = worker->queue.push();
      if (!feed_.next(slot.index, slot.record)) {
        worker->queue.drop_last();
        feed_done_ = true;
        return;
      }
      if (!worker->child.running()) {
        // It ended with nothing in flight while records were left: start it again.
        if (!restart(*worker)) return;
        continue;
      }
      enqueue_bytes(*worker, slot);
    }
  }

  // A process that ended with nothing in flight is started again for its next record; one that
  // closed its stdin, or is closing or finished, takes none.
  static bool takes_records(const Worker& worker) {
    if (worker.finished || worker.closing) return false;
    return !worker.child.running() || worker.input_open;
  }

  // The one with the fewest records in flight and room for more (the first of equals, so that
  // records are dealt in turn); none when all are full.
  static Worker* least_loaded(const std::vector<Worker*>& workers) {
    Worker* least = nullptr;
    for (Worker* worker : workers) {
      if (worker->queue.full()) continue;
      if (least == nullptr || worker->queue.size() < least->queue.size()) least = worker;
    }
    return least;
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
        worker.close_input();
        worker.written_bytes = worker.queued_bytes;
        worker.out.clear();
        worker.out_pos = 0;
        break;
      }
      worker.out_pos += result.bytes;
      worker.written_bytes += result.bytes;
      if (result.bytes > 0) worker.progress_at = now_;
      if (result.bytes < pending.size()) break;  // the pipe is full: poll says when to go on
    }
    if (worker.out_pos == worker.out.size()) {
      worker.out.clear();
      worker.out_pos = 0;
    } else if (worker.out_pos > worker.out.size() / 2) {
      worker.out.erase(0, worker.out_pos);
      worker.out_pos = 0;
    }
    worker.queue.mark_written(worker.written_bytes, now_);
    start_head_clock(worker);
  }

  void start_head_clock(Worker& worker) {
    if (worker.queue.front_written() && !worker.head_since) worker.head_since = now_;
  }

  // Since the head record was written whole; zero when it was not.
  RunClock::duration head_waited(Worker& worker) {
    if (!worker.queue.front_written()) return RunClock::duration::zero();
    return now_ - worker.queue.front().written_at;
  }

  // When the head record times out (RunnerOptions::timeout): on its own clock once it is written
  // whole, on its job's clock of progress before. Only while the queue is not empty.
  RunClock::time_point head_deadline(const Worker& worker) const {
    return (worker.head_since ? *worker.head_since : worker.progress_at) + time_limit(worker);
  }

  // The head record's time: `timeout`, and the start-up allowance before the job's first answer.
  RunClock::duration time_limit(const Worker& worker) const {
    return worker.has_answered ? RunClock::duration(options_.timeout)
                                       : RunClock::duration(options_.timeout + options_.startup_allowance);
  }

  void begin_closing(Worker& worker) {
    worker.close_input();
    worker.closing = true;
    worker.exit_deadline = now_ + options_.timeout;
  }

  void wait_and_handle() {
    poll_.clear();
    for (auto& owned : slots_) {
      Worker& worker = *owned;
      if (!worker.child.running()) continue;
      // Its stdin only while bytes wait to be written: an empty pipe is always writable.
      poll_.watch(worker, worker.out_pos < worker.out.size());
      if (!worker.queue.empty()) poll_.wake_by(head_deadline(worker));
      if (worker.closing) poll_.wake_by(worker.exit_deadline);
    }
    wait_and_dispatch();
  }

  void check_deadlines() {
    now_ = RunClock::now();
    for (auto& owned : slots_) {
      Worker& worker = *owned;
      if (!worker.child.running()) continue;
      if (!worker.queue.empty() && now_ >= head_deadline(worker)) {
        end_process(worker, Ending::timed_out);
      } else if (worker.closing && now_ >= worker.exit_deadline) {
        end_process(worker, Ending::closing_expired);
      } else if (!worker.input_open && !worker.closing && worker.queue.empty()) {
        end_process(worker, Ending::input_closed);
      } else if (worker.exited_unnoticed()) {
        end_process(worker, Ending::exited);
      }
    }
  }

  // Reads up to `reads` chunks of stdout and hands out the lines; false at end of file.
  bool read_lines(Worker& worker, int reads) {
    const PipeStatus status = reader_.read(worker.child.output(), reads, [&](std::string_view bytes) {
      BoundedLine line;
      while (worker.lines.next(bytes, line)) on_line(worker, line);
    });
    if (status != PipeStatus::closed) return true;
    BoundedLine line;
    if (worker.lines.rest(line)) on_line(worker, line);
    worker.close_output();
    return false;
  }

  void read_output(Worker& worker, int reads) {
    // While closing, a program may close stdout and still have work to finish: its exit or the
    // exit deadline ends it, not the end of its output.
    if (!read_lines(worker, reads) && !worker.closing) {
      end_process(worker, Ending::output_closed);
    }
  }

  void read_errors(Worker& worker, int reads) {
    if (!worker.errors_open) return;
    const PipeStatus status = reader_.read(worker.child.errors(), reads,
                                           [&](std::string_view bytes) { worker.errors.append(bytes); });
    if (status == PipeStatus::closed) worker.close_errors();
  }

  // Any line counts as an answer for StartCheck: a program that writes on stdout is running,
  // whatever it writes (a banner shows in first_lines).
  void on_line(Worker& worker, const BoundedLine& line) {
    start_check_.answered();
    if (summary_.first_lines.size() < RunSummary::kFirstLinesKept) {
      summary_.first_lines.emplace_back(line.text.substr(0, RunSummary::kFirstLineBytes));
    }
    // A line can only answer a record written whole to this process: one beyond them is extra at
    // once, even while more records wait to be written.
    if (!worker.queue.front_written()) {
      if (summary_.extra_answers++ == 0) summary_.first_extra_answer.assign(line.text);
      return;
    }
    const std::uint64_t index = worker.queue.front().index;
    const std::string_view text = line.text;
    const RunClock::duration elapsed = head_waited(worker);
    if (line.too_long) {
      answers_.deliver(index, Answer::Kind::protocol_error, text,
                       "line over " + std::to_string(options_.max_line_bytes) + " bytes", elapsed);
    } else {
      const AnswerLine answer = read_answer_line(text);
      answers_.deliver(index, answer.kind, answer.text, answer.why, elapsed);
    }
    worker.queue.pop();
    worker.has_answered = true;
    worker.head_since.reset();
    worker.progress_at = now_;
    start_head_clock(worker);
  }

  void on_exit(Worker& worker) { end_process(worker, Ending::exited); }

  void end_process(Worker& worker, Ending ending) {
    const bool killed = ending == Ending::timed_out || ending == Ending::closing_expired;
    if (!killed) drain(worker);
    const ChildEnd end = worker.child.stop(killed ? std::chrono::milliseconds(0) : kExitGrace);
    read_errors(worker, PipeReader::kDrainReads);
    worker.close_pipes();
    summary_.stderr_tail = worker.errors.str();
    now_ = RunClock::now();

    if (!start_check_.any_answer() && summary_.restarts == 0 && shell_cannot_execute(end.status)) {
      not_started(why_shell_cannot_execute(end.status, summary_.stderr_tail));
      return;
    }
    if (ending == Ending::timed_out) {
      // A record not written whole timed out on its job's clock: the program stopped reading it.
      const bool written = worker.queue.front_written();
      const auto limit_ms = std::chrono::duration_cast<std::chrono::milliseconds>(time_limit(worker)).count();
      const std::string limit = std::to_string(limit_ms) + " ms" +
                                (worker.has_answered ? "" : " (the time limit and the start-up allowance: no answer yet from this job)");
      answers_.deliver(worker.queue.front().index, Answer::Kind::timeout, {},
                       written ? "no answer within " + limit : "did not read this record within " + limit,
                       written ? head_waited(worker) : now_ - worker.progress_at,
                       &summary_.stderr_tail);
      worker.queue.pop();
    } else if (!worker.queue.empty()) {
      // It ended by itself (or closed its output) owing an answer: the runner kills a process
      // only at the time limit, or once it owes none.
      const std::string how = end.exited_by_itself
                                  ? describe_wait_status(end.status)
                                  : "closed its standard output and did not exit";
      if (start_check_.cannot_run_after(how)) {
        not_started(start_check_.why(summary_.stderr_tail));
        return;
      }
      answers_.deliver(worker.queue.front().index, Answer::Kind::crash, {}, how,
                       head_waited(worker), &summary_.stderr_tail);
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
    if (worker.output_open) read_lines(worker, PipeReader::kDrainReads);
    read_errors(worker, PipeReader::kDrainReads);
  }

  // Every record in flight and every record left in the feed: not_run.
  void give_up(const std::string& why) {
    stop_all(why);
    std::uint64_t index = 0;
    while (feed_.next(index, pulled_)) answers_.not_run(index, why);
    feed_done_ = true;
  }

  // The records already pulled get not_run; the feed is left alone.
  void not_started(std::string why) {
    stop_as_not_started(std::move(why));
    stop_all(kNotRunCannotRun);
  }

  void stop_all(std::string_view why) {
    stopped_ = true;
    for (auto& owned : slots_) {
      Worker& worker = *owned;
      if (worker.child.running()) worker.kill();
      for (std::size_t i = 0; i < worker.queue.size(); ++i) {
        answers_.not_run(worker.queue.at(i).index, why);
      }
      worker.queue.clear();
      worker.finished = true;
      worker.closing = false;
    }
  }

  std::string pulled_;
  std::vector<Worker*> topping_up_;  // fill()'s, kept for its capacity
};

}  // namespace

RunSummary run_stream(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  return StreamSession(options, feed, sink).run();
}

}  // namespace xfen::certify
