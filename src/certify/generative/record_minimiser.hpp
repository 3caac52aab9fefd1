// The text minimiser of generative certification: a record a program disagrees with, cut down to
// a minimal record it still disagrees with in the same way (the caller's predicate, usually "its
// disagreement key is the one we started from", disagreement_key.hpp).
//
// Three steps, each by delta debugging (delta_debugging.hpp), from the coarsest unit to the
// finest, repeated until a whole round changes nothing (a fixed point):
// 1. fields: drop whole fields (a six-field record tried as EPD, the board alone, …), then
//    replace each by the simplest value that is simpler than it (the field's own first: "w",
//    "-", "0", "1"; then "-", "0", "1", "w");
// 2. the board: take pieces off (a piece letter becomes an empty square, the counts around it
//    merged, board_pieces.hpp), so that a well-formed record stays well-formed;
// 3. bytes: delete single bytes, then replace each by a simpler byte (the same four first).
// Steps 1 and 2 make the big cuts that keep a record readable; step 3 is what makes the result
// 1-minimal: when the call bound was not reached, deleting any one byte of it makes the predicate
// false. Every change makes the record simpler (simpler_record), so the search ends.
//
// Every candidate is tried at most once (a cache of candidates and their answers), and the
// predicate is called at most `max_calls` times; past that, untried candidates count as not
// disagreeing and the result says the bound was reached.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace xfen::certify {

using StillDisagrees = std::function<bool(std::string_view candidate)>;

// A generous bound: records are under 100 bytes, and minimising one rarely takes 1,000 calls.
inline constexpr std::size_t kDefaultMaxMinimiserCalls = 5000;

struct Minimised {
  std::string record;
  std::size_t calls = 0;         // predicate calls made
  std::size_t cache_hits = 0;    // candidates met again, answered without a call
  bool call_bound_reached = false;
  std::chrono::microseconds elapsed{};
};

// `record` must disagree (the predicate is not asked about it).
Minimised minimise_record(std::string_view record, const StillDisagrees& still_disagrees,
                          std::size_t max_calls = kDefaultMaxMinimiserCalls);

// The order the minimiser simplifies by: shorter first; as long, the first differing byte
// decides, "-", "0", "1" and "w" being simpler than any other byte, and others by value, except
// that the field the byte stands in (counted by the spaces before it) puts its own simplest value
// first: "w" as the side to move, "0" as the halfmove clock, "1" as the fullmove number.
bool simpler_record(std::string_view candidate, std::string_view current) noexcept;

}  // namespace xfen::certify
