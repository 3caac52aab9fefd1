#include "certify/generative/program_session.hpp"

#include <utility>

#include "certify/run/sessions.hpp"

namespace xfen::certify {

class ProgramSession::Exchange final : public RecordFeed, public AnswerSink {
 public:
  explicit Exchange(ProgramSession& session) : session_(session) {}

  bool next(std::uint64_t& index, std::string& record) override {
    std::unique_lock lock(session_.mutex_);
    session_.changed_.wait(lock, [this] { return session_.question_ || session_.closing_; });
    if (!session_.question_) return false;
    index = session_.asked_++;
    record = std::move(*session_.question_);
    session_.question_.reset();
    return true;
  }

  void take(std::uint64_t /*index: one record is in flight at a time*/, Answer&& answer) override {
    const std::lock_guard lock(session_.mutex_);
    session_.answer_ = std::move(answer);
    session_.changed_.notify_all();
  }

 private:
  ProgramSession& session_;
};

ProgramSession::ProgramSession(RunnerOptions options) {
  options.jobs = 1;
  options.max_in_flight = 1;
  runner_ = std::thread([this, options = std::move(options)] { run(options); });
}

ProgramSession::~ProgramSession() { finish(); }

void ProgramSession::run(const RunnerOptions& options) {
  Exchange exchange(*this);
  RunSummary summary = run_implementation(options, exchange, exchange);
  const std::lock_guard lock(mutex_);
  summary_ = std::move(summary);
  runner_done_ = true;
  changed_.notify_all();
}

Answer ProgramSession::ask(std::string_view record) {
  std::unique_lock lock(mutex_);
  if (runner_done_ || closing_) return Answer{Answer::Kind::not_run, {}, std::string(kNotRunCannotRun), {}, {}};
  question_.emplace(record);
  answer_.reset();
  changed_.notify_all();
  changed_.wait(lock, [this] { return answer_.has_value() || runner_done_; });
  if (!answer_) {
    question_.reset();
    return Answer{Answer::Kind::not_run, {}, std::string(kNotRunCannotRun), {}, {}};
  }
  Answer answer = std::move(*answer_);
  answer_.reset();
  return answer;
}

const RunSummary& ProgramSession::finish() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
    changed_.notify_all();
  }
  if (runner_.joinable()) runner_.join();
  return summary_;
}

}  // namespace xfen::certify
