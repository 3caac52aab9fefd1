#include "generate/tape.hpp"

#include <algorithm>
#include <cstddef>

namespace xfen::generate {

std::uint32_t RecordingChoices::draw(std::uint32_t bound) {
  const std::uint32_t value = random_.pick(bound);
  tape_.push_back(value);
  return value;
}

std::uint32_t ReplayChoices::draw(std::uint32_t bound) {
  if (played_.size() >= tape_.size()) return 0;  // past the end: the simplest choice, unrecorded
  const std::uint32_t value = tape_[played_.size()] % bound;
  played_.push_back(value);
  return value;
}

bool simpler(const Tape& candidate, const Tape& current) {
  if (candidate.size() != current.size()) return candidate.size() < current.size();
  return candidate < current;
}

namespace {

// Holds the simplest failing tape found so far and tries edits of it.
class Shrinker {
 public:
  Shrinker(Tape failing, const std::function<std::optional<Tape>(const Tape&)>& still_fails)
      : best_(std::move(failing)), still_fails_(still_fails) {}

  const Tape& best() const { return best_; }

  // Keeps `candidate`'s normalized tape when it still fails and is simpler. True when kept.
  bool attempt(const Tape& candidate) {
    if (!simpler(candidate, best_)) return false;
    std::optional<Tape> normalized = still_fails_(candidate);
    if (!normalized || !simpler(*normalized, best_)) return false;
    best_ = std::move(*normalized);
    return true;
  }

  // Every run of 8, 4, 2 and 1 choices, edited by `edit` (false: leave this run alone), kept
  // when it helps. Later choices are usually details of earlier ones, so runs are walked from the
  // end.
  template <class Edit>
  bool edit_runs(Edit edit) {
    bool progress = false;
    for (const std::size_t length : {8u, 4u, 2u, 1u})
      for (std::size_t end = best_.size(); end >= length; --end) {
        if (end > best_.size()) continue;
        Tape candidate = best_;
        const auto first = candidate.begin() + static_cast<std::ptrdiff_t>(end - length);
        if (edit(candidate, first, first + static_cast<std::ptrdiff_t>(length)))
          progress |= attempt(candidate);
      }
    return progress;
  }

  bool delete_runs() {
    return edit_runs([](Tape& tape, Tape::iterator first, Tape::iterator last) {
      tape.erase(first, last);
      return true;
    });
  }

  bool zero_runs() {
    return edit_runs([](Tape&, Tape::iterator first, Tape::iterator last) {
      if (std::all_of(first, last, [](std::uint32_t value) { return value == 0; })) return false;
      std::fill(first, last, 0u);
      return true;
    });
  }

  // Each choice lowered to the smallest value that still fails, by bisection between a value
  // known not to fail (or 0) and one known to fail.
  bool lower_choices() {
    bool progress = false;
    for (std::size_t at = best_.size(); at-- > 0;) {
      if (at >= best_.size()) continue;
      std::uint32_t fails_at = best_[at];
      std::uint32_t passes_below = 0;
      while (at < best_.size() && fails_at > passes_below + 1) {
        const std::uint32_t middle = passes_below + (fails_at - passes_below) / 2;
        Tape candidate = best_;
        candidate[at] = middle;
        if (attempt(candidate)) {
          progress = true;
          fails_at = middle;
        } else {
          passes_below = middle;
        }
      }
      if (at < best_.size() && best_[at] == 1) {
        Tape candidate = best_;
        candidate[at] = 0;
        progress |= attempt(candidate);
      }
    }
    return progress;
  }

 private:
  Tape best_;
  const std::function<std::optional<Tape>(const Tape&)>& still_fails_;
};

}  // namespace

Tape shrink_tape(Tape failing, const std::function<std::optional<Tape>(const Tape&)>& still_fails) {
  Shrinker shrinker(std::move(failing), still_fails);
  for (;;) {
    bool progress = shrinker.delete_runs();
    progress |= shrinker.zero_runs();
    progress |= shrinker.lower_choices();
    if (!progress) return shrinker.best();
  }
}

}  // namespace xfen::generate
