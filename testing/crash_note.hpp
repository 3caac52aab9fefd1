// What a test program says when it dies: the note it set last (which file it was replaying, which
// property it was testing, and the input, escaped), written to stderr when a fatal signal or a
// sanitizer report ends the process. Without it a crash under ctest says `Subprocess aborted` and
// names nothing.
//
// The note is formatted when it is set, outside any signal handler, so that the handler only
// copies bytes out with write(2), which is async-signal-safe. The handler then gives the signal
// back to whoever handled it before (the default action, or a sanitizer's handler, which prints
// its own report and stack), so what the process did without a note it still does.
#pragma once

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

#include "escaped_bytes.hpp"

// Defined by the sanitizer runtimes (ASan, UBSan), and absent from other builds: weak, so that
// those link and see a null pointer.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace xfen::crash_note {

namespace detail {

inline constexpr int kSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
inline struct sigaction previous[std::size(kSignals)];

// Big enough for a long path and an input capped at kShownBytes, escaped (4 characters a byte).
inline char note[8192];
inline volatile sig_atomic_t note_size = 0;
inline volatile sig_atomic_t reported = 0;

// Where the handler runs when the process has none yet (a sanitizer sets up its own): a stack
// overflow leaves no room on the thread's stack, and the process would die silently.
alignas(16) inline char alternate_stack[64 * 1024];

inline void write_all(std::string_view text) noexcept {
  while (!text.empty()) {
    const ssize_t written = ::write(STDERR_FILENO, text.data(), text.size());
    if (written <= 0) return;
    text.remove_prefix(static_cast<std::size_t>(written));
  }
}

inline std::string_view signal_name(int signal) noexcept {
  switch (signal) {
    case SIGABRT: return "fatal signal SIGABRT";
    case SIGSEGV: return "fatal signal SIGSEGV";
    case SIGBUS: return "fatal signal SIGBUS";
    case SIGFPE: return "fatal signal SIGFPE";
    case SIGILL: return "fatal signal SIGILL";
    default: return "fatal signal";
  }
}

// Once only: a sanitizer's SEGV report, which follows ours, ends in its death callback too.
inline void report(std::string_view cause) noexcept {
  if (reported != 0 || note_size == 0) return;
  reported = 1;
  write_all("\n*** ");
  write_all(cause);
  write_all(" while ");
  write_all({note, static_cast<std::size_t>(note_size)});
}

inline void on_fatal_signal(int signal, siginfo_t* info, void*) {
  report(signal_name(signal));
  for (std::size_t i = 0; i < std::size(kSignals); ++i)
    if (kSignals[i] == signal) sigaction(signal, &previous[i], nullptr);
  // A fault comes back by itself when the faulting instruction runs again, with its siginfo for
  // the sanitizer; a signal that was sent (abort, raise, kill: si_code <= 0) must be sent again.
  if (info->si_code <= 0) raise(signal);
}

inline void on_sanitizer_death() { report("sanitizer error (its report is above)"); }

}  // namespace detail

// Call it before a test framework starts: Boost.Test leaves alone a signal that already has a
// handler, and would otherwise catch the crash itself and print only `signal: SIGABRT`.
inline void install() noexcept {
  static bool installed = false;
  if (installed) return;
  installed = true;
  stack_t current{};
  if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) != 0) {
    stack_t own{};
    own.ss_sp = detail::alternate_stack;
    own.ss_size = sizeof detail::alternate_stack;
    sigaltstack(&own, nullptr);
  }
  struct sigaction action {};
  action.sa_sigaction = detail::on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (std::size_t i = 0; i < std::size(detail::kSignals); ++i)
    sigaction(detail::kSignals[i], &action, &detail::previous[i]);
  if (__sanitizer_set_death_callback != nullptr)
    __sanitizer_set_death_callback(detail::on_sanitizer_death);
}

// A multi-kilobyte input would bury the report; its size and its start are what a reader needs.
inline constexpr std::size_t kShownBytes = 512;

// The note printed if the process dies from now on: "while <doing>", then `label` with the
// input's size and the input escaped (escaped_bytes.hpp), to paste into a test.
inline void set(std::string_view doing, std::string_view label, std::string_view input) {
  std::string text(doing);
  text += "\n*** ";
  text += label;
  text += " (" + std::to_string(input.size()) + " bytes";
  if (input.size() > kShownBytes) text += ", the first " + std::to_string(kShownBytes) + " shown";
  text += "): \"" + testing::escaped(input.substr(0, kShownBytes)) + "\"\n";
  detail::note_size = 0;
  const std::size_t size = std::min(text.size(), sizeof detail::note);
  std::copy_n(text.data(), size, detail::note);
  if (size < text.size()) detail::note[size - 1] = '\n';
  detail::note_size = static_cast<sig_atomic_t>(size);
}

// Nothing to name: a crash after this is not about the last input.
inline void clear() noexcept { detail::note_size = 0; }

}  // namespace xfen::crash_note
