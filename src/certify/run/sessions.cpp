#include "certify/run/sessions.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "certify/run/child_process.hpp"

namespace xfen::certify {
namespace {

// Every reason a program cannot run starts so; what it wrote on stderr is RunSummary::stderr_tail.
constexpr std::string_view kEndedBeforeAnswering = "the program ended before answering any record: ";

// The reader sees the standard error beside the sentence; when there is none, the sentence says
// so, so that its absence is not taken for a tail the report forgot.
std::string noting_silence(std::string why, const std::string& stderr_tail) {
  if (stderr_tail.empty()) why += "; it wrote nothing on its standard error";
  return why;
}

}  // namespace

bool shell_cannot_execute(int wait_status) {
  return exited_with(wait_status, 126) || exited_with(wait_status, 127);
}

std::string why_shell_cannot_execute(int wait_status, const std::string& stderr_tail) {
  std::string why = std::string(kEndedBeforeAnswering) + describe_wait_status(wait_status);
  why += exited_with(wait_status, 127) ? ", the shell's status for a command not found"
                                       : ", the shell's status for a command it cannot execute";
  return noting_silence(std::move(why), stderr_tail);
}

std::string StartCheck::why(const std::string& stderr_tail) const {
  std::string why(kEndedBeforeAnswering);
  why += ends_.front();
  why += ' ';
  why += occasions_.first;
  if (ends_.size() == 1) {
    why += ", ";
    why += occasions_.alone;
  } else if (ends_[1] == ends_[0]) {
    why += ", and again ";
    why += occasions_.second;
  } else {
    why += ", ";
    why += ends_[1];
    why += ' ';
    why += occasions_.second;
  }
  return noting_silence(std::move(why), stderr_tail);
}

}  // namespace xfen::certify
