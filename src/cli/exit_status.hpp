// The exit statuses every xfen command shares.
#pragma once

namespace xfen::cli {

enum class ExitStatus : int {
  success = 0,  // every record valid
  invalid = 1,  // some record invalid
  failure = 2,  // usage error or I/O error: the run itself did not go as asked
};

// The status of a run over many records.
constexpr ExitStatus run_status(bool run_failed, bool any_invalid) noexcept {
  if (run_failed) return ExitStatus::failure;
  return any_invalid ? ExitStatus::invalid : ExitStatus::success;
}

}  // namespace xfen::cli
