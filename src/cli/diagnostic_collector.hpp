// Every diagnostic the library reports through a DiagnosticSink, in order: the library's own
// lists keep eight, and the command shows them all (SPEC R11.2).
#pragma once

#include <span>
#include <vector>

#include <xfen/diagnostic.hpp>

namespace xfen::cli {

class DiagnosticCollector {
 public:
  DiagnosticCollector();

  // A sink that appends to this collector; valid as long as the collector is.
  xfen::DiagnosticSink sink() noexcept;

  // What was received since the last clear(). Throws std::bad_alloc when one could not be kept,
  // so that none is ever dropped silently.
  std::span<const xfen::Diagnostic> diagnostics() const;

  // Whether diagnostics() has anything to give (or to throw): asked once per line, so inline.
  bool any() const noexcept { return out_of_memory_ || !diagnostics_.empty(); }

  // Forgets what was received but keeps the memory: a run allocates only for its largest record.
  void clear() noexcept;

 private:
  static void receive(void* context, const xfen::Diagnostic& diagnostic) noexcept;

  std::vector<xfen::Diagnostic> diagnostics_;
  bool out_of_memory_ = false;
};

}  // namespace xfen::cli
