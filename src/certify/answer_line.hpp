// An answer as the reports show it: the protocol line as received, or nothing when the program
// gave none.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "answer.hpp"

namespace xfen::certify {

// "ok <record>", "error <text>" ("error" alone when it said nothing), the raw line of a
// protocol_error; nothing for crash, timeout and not_run. In per-case mode, the line the exit
// status and output amount to.
std::optional<std::string> answer_line(const Answer& answer);

// "accepted", "rejected", "crash", "timeout", "protocol error", "not run".
std::string_view answer_kind_name(Answer::Kind kind) noexcept;

}  // namespace xfen::certify
