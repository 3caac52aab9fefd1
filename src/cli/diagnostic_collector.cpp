#include "cli/diagnostic_collector.hpp"

#include <new>

namespace xfen::cli {

DiagnosticCollector::DiagnosticCollector() {
  // More than a typical record's warnings, so the first records do not grow the vector.
  diagnostics_.reserve(2 * xfen::DiagnosticList::kCapacity);
}

xfen::DiagnosticSink DiagnosticCollector::sink() noexcept {
  return {.receive = &DiagnosticCollector::receive, .context = this};
}

void DiagnosticCollector::receive(void* context, const xfen::Diagnostic& diagnostic) noexcept {
  auto& self = *static_cast<DiagnosticCollector*>(context);
  // The sink must not throw (the library is exception-free); the failure is raised later.
  try {
    self.diagnostics_.push_back(diagnostic);
  } catch (const std::bad_alloc&) {
    self.out_of_memory_ = true;
  }
}

std::span<const xfen::Diagnostic> DiagnosticCollector::diagnostics() const {
  if (out_of_memory_) throw std::bad_alloc();
  return diagnostics_;
}

void DiagnosticCollector::clear() noexcept {
  diagnostics_.clear();
  out_of_memory_ = false;
}

}  // namespace xfen::cli
