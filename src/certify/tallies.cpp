#include "certify_report.hpp"

namespace xfen::certify {

void Tallies::count(Verdict verdict) noexcept {
  switch (tally_of(verdict)) {
    case Tally::passed: ++passed; break;
    case Tally::failed: ++failed; break;
    case Tally::skipped: ++skipped; break;
  }
}

}  // namespace xfen::certify
