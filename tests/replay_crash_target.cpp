// A fuzz target that fails on purpose, chosen by the input's first word, linked with
// fuzz/replay_main.cpp for crash_report_test.py: the replay must name the file and show its input
// however the target dies (abort, a fault, a stack overflow, a sanitizer report).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>

namespace {

// Recursion that never reaches its end (a depth it cannot know is unreachable) and that the
// compiler cannot turn into a loop: each call keeps a frame in use.
volatile int never = -1;

[[gnu::noinline]] int recurse(int depth) {
  if (depth == never) return 0;
  volatile char frame[256];
  frame[0] = static_cast<char>(depth);
  return recurse(depth + 1) + frame[0];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with("abort")) std::abort();
  if (input.starts_with("segv")) {
    // Not null, which UBSan would report before the store faults.
    volatile int* volatile unmapped = reinterpret_cast<volatile int*>(std::uintptr_t{8});
    *unmapped = 1;
  }
  if (input.starts_with("recurse")) return recurse(0);
  // One byte past the input itself: caught only if the replay hands over a block of exactly the
  // input's size, as libFuzzer does.
  if (input.starts_with("peek")) static_cast<void>(*(static_cast<const volatile std::uint8_t*>(data) + size));
  if (input.starts_with("overflow")) {
    // One byte past a heap block: harmless to run, and what AddressSanitizer reports.
    const auto copy = std::make_unique<char[]>(size);
    std::memcpy(copy.get(), data, size);
    const volatile char past = copy.get()[size];
    static_cast<void>(past);
  }
  return 0;
}
