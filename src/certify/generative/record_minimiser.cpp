#include "certify/generative/record_minimiser.hpp"

#include <array>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certify/generative/board_pieces.hpp"
#include "certify/generative/delta_debugging.hpp"

namespace xfen::certify {
namespace {

// The simplest values, simplest first: the empty field, the counters' smallest, White to move.
constexpr std::array<std::string_view, 4> kSimplestFields{"-", "0", "1", "w"};
constexpr std::string_view kSimplestBytes = "-01w";

unsigned byte_rank(char c) noexcept {
  const std::size_t at = kSimplestBytes.find(c);
  return at != std::string_view::npos ? static_cast<unsigned>(at)
                                      : static_cast<unsigned>(kSimplestBytes.size()) + static_cast<unsigned char>(c);
}

// The predicate behind the cache and the call bound.
class Trials {
 public:
  Trials(const StillDisagrees& predicate, std::size_t max_calls, Minimised& stats, std::string_view start)
      : predicate_(predicate), max_calls_(max_calls), stats_(stats) {
    answers_.emplace(std::string(start), true);
  }

  bool disagrees(const std::string& candidate) {
    if (const auto found = answers_.find(candidate); found != answers_.end()) {
      ++stats_.cache_hits;
      return found->second;
    }
    if (stats_.calls == max_calls_) {
      stats_.call_bound_reached = true;
      return false;
    }
    ++stats_.calls;
    const bool answer = predicate_(candidate);
    answers_.emplace(candidate, answer);
    return answer;
  }

  bool exhausted() const noexcept { return stats_.call_bound_reached; }

 private:
  const StillDisagrees& predicate_;
  std::size_t max_calls_;
  Minimised& stats_;
  std::unordered_map<std::string, bool> answers_;
};

std::vector<std::string> split_fields(std::string_view record) {
  std::vector<std::string> fields;
  std::size_t at = 0;
  for (std::size_t space = record.find(' '); space != std::string_view::npos; space = record.find(' ', at)) {
    fields.emplace_back(record.substr(at, space - at));
    at = space + 1;
  }
  fields.emplace_back(record.substr(at));
  return fields;
}

std::string joined_fields(const std::vector<std::string>& fields, const KeptUnits& kept) {
  std::string record;
  for (const std::size_t i : kept) {
    if (i != kept.front()) record += ' ';
    record += fields[i];
  }
  return record;
}

KeptUnits every_unit(std::size_t count) {
  KeptUnits all(count);
  for (std::size_t i = 0; i < count; ++i) all[i] = i;
  return all;
}

// Each step: whether it changed `current`.
class Steps {
 public:
  Steps(Trials& trials, std::string& current) : trials_(trials), current_(current) {}

  bool drop_fields() {
    const std::vector<std::string> fields = split_fields(current_);
    const KeptUnits kept =
        ddmin(fields.size(), [&](const KeptUnits& units) { return trials_.disagrees(joined_fields(fields, units)); });
    return adopt(joined_fields(fields, kept));
  }

  bool simplify_fields() {
    std::vector<std::string> fields = split_fields(current_);
    const KeptUnits all = every_unit(fields.size());
    bool changed = false;
    for (std::string& field : fields)
      for (const std::string_view simplest : kSimplestFields) {
        const std::string before = std::exchange(field, std::string(simplest));
        const std::string candidate = joined_fields(fields, all);
        if (simpler_record(candidate, current_) && trials_.disagrees(candidate)) {
          changed = adopt(candidate);
          break;
        }
        field = before;
      }
    return changed;
  }

  bool take_pieces_off() {
    const std::vector<std::size_t> pieces = piece_offsets(current_);
    const auto taken_off = [&](const KeptUnits& kept) {
      std::vector<std::size_t> emptied;
      std::size_t k = 0;
      for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (k < kept.size() && kept[k] == i) ++k;
        else emptied.push_back(pieces[i]);
      }
      return with_pieces_taken_off(current_, emptied);
    };
    // A "piece" may be any byte the board holds; an empty square is not simpler than '-' or 'w'
    // (simplify_bytes would turn it back, and the two steps would undo each other for ever).
    const KeptUnits kept = ddmin(pieces.size(), [&](const KeptUnits& units) {
      const std::string candidate = taken_off(units);
      return simpler_record(candidate, current_) && trials_.disagrees(candidate);
    });
    return adopt(taken_off(kept));
  }

  bool delete_bytes() {
    const std::string bytes = current_;
    const auto kept_bytes = [&](const KeptUnits& kept) {
      std::string record;
      for (const std::size_t i : kept) record += bytes[i];
      return record;
    };
    const KeptUnits kept = ddmin(bytes.size(), [&](const KeptUnits& units) { return trials_.disagrees(kept_bytes(units)); });
    return adopt(kept_bytes(kept));
  }

  bool simplify_bytes() {
    bool changed = false;
    for (std::size_t i = 0; i < current_.size(); ++i)
      for (const char simpler : kSimplestBytes) {
        if (byte_rank(simpler) >= byte_rank(current_[i])) break;
        std::string candidate = current_;
        candidate[i] = simpler;
        if (trials_.disagrees(candidate)) {
          changed = adopt(std::move(candidate));
          break;
        }
      }
    return changed;
  }

 private:
  // Whether `candidate` (which disagrees) is kept: only when simpler, so that every round that
  // reports a change has made one (an empty record's one empty field "dropped" is no change) and
  // the search ends.
  bool adopt(std::string candidate) {
    if (!simpler_record(candidate, current_)) return false;
    current_ = std::move(candidate);
    return true;
  }

  Trials& trials_;
  std::string& current_;
};

}  // namespace

bool simpler_record(std::string_view candidate, std::string_view current) noexcept {
  if (candidate.size() != current.size()) return candidate.size() < current.size();
  for (std::size_t i = 0; i < candidate.size(); ++i)
    if (candidate[i] != current[i]) return byte_rank(candidate[i]) < byte_rank(current[i]);
  return false;
}

Minimised minimise_record(std::string_view record, const StillDisagrees& still_disagrees, std::size_t max_calls) {
  const auto start = std::chrono::steady_clock::now();
  Minimised result;
  result.record = std::string(record);
  Trials trials(still_disagrees, max_calls, result, record);
  Steps steps(trials, result.record);
  for (bool changed = true; changed && !trials.exhausted();) {
    // Not short-circuited: each round runs every step, so the last one, which changes nothing,
    // has run the byte step on the final record (what makes it 1-minimal).
    changed = steps.drop_fields();
    changed |= steps.simplify_fields();
    changed |= steps.take_pieces_off();
    changed |= steps.delete_bytes();
    changed |= steps.simplify_bytes();
  }
  result.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  return result;
}

}  // namespace xfen::certify
