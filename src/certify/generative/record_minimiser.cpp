#include "certify/generative/record_minimiser.hpp"

#include <array>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certify/generative/board_pieces.hpp"
#include "certify/generative/delta_debugging.hpp"

namespace xfen::certify {
namespace {

// The simplest bytes of each field, simplest first: the field's own simplest value (White to
// move, a halfmove clock of 0, a fullmove number of 1), then the empty field and the other
// counters' values. A value valid in its field comes first, so that a record shrunk for one
// rule is not left breaking another (a fullmove number of 0 beside the castling error kept).
// Indexed by the field (six and beyond share the last).
constexpr std::array<std::string_view, 7> kSimplestBytes{"-01w", "w-01", "-01w", "-01w", "0-1w", "1-0w", "-01w"};

std::string_view simplest_bytes(std::size_t field) noexcept {
  return kSimplestBytes[field < kSimplestBytes.size() ? field : kSimplestBytes.size() - 1];
}

// The rank of byte `c` in field `field`: its place among the field's simplest bytes, and every
// other byte after them, by value. A byte's field depends only on the bytes before it, so two
// records compared at their first difference rank it in the same field, and the order is total.
unsigned byte_rank(char c, std::size_t field) noexcept {
  const std::string_view simplest = simplest_bytes(field);
  const std::size_t at = simplest.find(c);
  return at != std::string_view::npos ? static_cast<unsigned>(at)
                                      : static_cast<unsigned>(simplest.size()) + static_cast<unsigned char>(c);
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
    for (std::size_t f = 0; f < fields.size(); ++f)
      for (const char simplest : simplest_bytes(f)) {
        std::string& field = fields[f];
        const std::string before = std::exchange(field, std::string(1, simplest));
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
    std::size_t field = 0;
    for (std::size_t i = 0; i < current_.size(); field += current_[i] == ' ' ? 1U : 0U, ++i)
      for (const char simpler : simplest_bytes(field)) {
        if (byte_rank(simpler, field) >= byte_rank(current_[i], field)) break;
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
  std::size_t field = 0;
  for (std::size_t i = 0; i < candidate.size(); ++i) {
    if (candidate[i] != current[i]) return byte_rank(candidate[i], field) < byte_rank(current[i], field);
    if (candidate[i] == ' ') ++field;
  }
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
