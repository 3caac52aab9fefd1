// Delta debugging (Zeller and Hildebrandt's ddmin) over abstract units: of a list of units whose
// whole still fails, a smaller subset that still fails, found by trying chunks of the list and
// their complements at a granularity that doubles while nothing helps. What a unit is and what
// leaving it out means (a field dropped, a piece taken off, a byte deleted) is the caller's; the
// search sees only which units are kept.
//
// The subset returned is 1-minimal when the search was not cut short: leaving out any one of its
// units makes `fails` false (ddmin ends only after trying every complement at the finest
// granularity, and a single unit is tried against the empty list).
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace xfen::certify {

// Indices into the caller's units, increasing.
using KeptUnits = std::vector<std::size_t>;

// `fails(all units)` is taken to hold and is not asked. `fails` may answer from a cache or stop
// answering true (a call bound): the search then simply finds nothing more to remove.
KeptUnits ddmin(std::size_t unit_count, const std::function<bool(const KeptUnits&)>& fails);

}  // namespace xfen::certify
