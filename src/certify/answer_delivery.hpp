// Hands a session's answers to the sink through one reused Answer: unless the sink takes its
// strings, their buffers are kept from record to record instead of allocated for each.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "answer.hpp"
#include "runner.hpp"

namespace xfen::certify {

class AnswerDelivery {
 public:
  explicit AnswerDelivery(AnswerSink& sink) : sink_(sink) {}

  // `stderr_tail` is given only for the kinds that carry one (crashes and timeouts).
  void deliver(std::uint64_t index, Answer::Kind kind, std::string_view text, std::string_view detail,
               const std::string* stderr_tail = nullptr) {
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

 private:
  AnswerSink& sink_;
  Answer answer_;
};

}  // namespace xfen::certify
