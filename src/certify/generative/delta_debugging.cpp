#include "certify/generative/delta_debugging.hpp"

#include <algorithm>

namespace xfen::certify {
namespace {

// `kept` cut into `parts` runs of nearly equal length, in order.
std::vector<KeptUnits> chunks_of(const KeptUnits& kept, std::size_t parts) {
  std::vector<KeptUnits> chunks;
  std::size_t start = 0;
  for (std::size_t i = 0; i < parts; ++i) {
    const std::size_t end = kept.size() * (i + 1) / parts;
    chunks.emplace_back(kept.begin() + static_cast<std::ptrdiff_t>(start), kept.begin() + static_cast<std::ptrdiff_t>(end));
    start = end;
  }
  return chunks;
}

KeptUnits without(const KeptUnits& kept, const KeptUnits& chunk) {
  KeptUnits rest;
  std::set_difference(kept.begin(), kept.end(), chunk.begin(), chunk.end(), std::back_inserter(rest));
  return rest;
}

}  // namespace

KeptUnits ddmin(std::size_t unit_count, const std::function<bool(const KeptUnits&)>& fails) {
  KeptUnits kept(unit_count);
  for (std::size_t i = 0; i < unit_count; ++i) kept[i] = i;
  std::size_t granularity = 2;
  while (kept.size() >= 2) {
    const std::vector<KeptUnits> chunks = chunks_of(kept, std::min(granularity, kept.size()));
    bool reduced = false;
    // A chunk alone first (a big step), then everything but a chunk. At granularity 2 the two
    // are the same candidates: the caller's cache answers the second time.
    for (const KeptUnits& chunk : chunks)
      if (fails(chunk)) {
        kept = chunk;
        granularity = 2;
        reduced = true;
        break;
      }
    if (!reduced)
      for (const KeptUnits& chunk : chunks) {
        KeptUnits rest = without(kept, chunk);
        if (fails(rest)) {
          kept = std::move(rest);
          granularity = std::max<std::size_t>(granularity - 1, 2);
          reduced = true;
          break;
        }
      }
    if (reduced) continue;
    if (granularity >= kept.size()) break;
    granularity = std::min(granularity * 2, kept.size());
  }
  if (kept.size() == 1 && fails(KeptUnits{})) kept.clear();
  return kept;
}

}  // namespace xfen::certify
