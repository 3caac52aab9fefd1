// The tape driver: run a generator on seeded random choices while recording every choice (the
// tape), run it again on a recorded or edited tape, and shrink a tape whose value makes a check
// fail to a simplest one whose value still does. This is what generative certification of other
// implementations uses: a failure is reported as its seed and its shrunk tape, both replayable.
//
//   auto failing = generate::generate(generate::any_position, seed);
//   if (broken(failing.value)) {
//     auto minimal = generate::shrink(generate::any_position, failing.tape, broken);
//     report(minimal.value, minimal.tape);       // replay(any_position, minimal.tape) gives it back
//   }
//
// A generator is any callable taking `Choices&` (choices.hpp) and returning a value; it must be
// deterministic given its choices. Replaying reads the tape in order; a value at or above the
// bound of the choice it answers is reduced modulo that bound, and past the tape's end every
// choice is 0. The tape a replay returns is the normalized one: the reduced values actually read,
// so replaying it gives the same value again.
//
// Shrinking edits the tape and regenerates: it deletes runs of choices (8, 4, 2, 1 long), sets
// runs to 0, and lowers single choices by bisection, keeping an edit when the value generated
// from it still fails and its tape is simpler: shorter, or as long and lexicographically smaller.
// That order is well-founded, so shrinking ends; it stops when no edit helps. By the convention
// of choices.hpp, a simpler tape is a simpler value.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "generate/choices.hpp"
#include "generate/random_choices.hpp"

namespace xfen::generate {

// The choices one run of a generator made, in order.
using Tape = std::vector<std::uint32_t>;

// A generated value with the tape that generates it.
template <class T>
struct Generated {
  T value;
  Tape tape;
};

template <class Generator>
using GeneratedBy = Generated<std::invoke_result_t<Generator&, Choices&>>;

// Seeded random choices, each one recorded.
class RecordingChoices final : public Choices {
 public:
  explicit RecordingChoices(std::uint64_t seed) noexcept : random_(seed) {}
  Tape take_tape() { return std::move(tape_); }

 private:
  std::uint32_t draw(std::uint32_t bound) override;

  RandomChoices random_;
  Tape tape_;
};

// The choices of a tape, played back as described above; what was read is recorded.
class ReplayChoices final : public Choices {
 public:
  explicit ReplayChoices(const Tape& tape) noexcept : tape_(tape) {}
  Tape take_played() { return std::move(played_); }

 private:
  std::uint32_t draw(std::uint32_t bound) override;

  const Tape& tape_;
  Tape played_;
};

// Whether `candidate` is simpler than `current`: shorter, or as long and lexicographically smaller.
bool simpler(const Tape& candidate, const Tape& current);

// The shrinking search on tapes alone: `still_fails` replays a candidate and returns its
// normalized tape when its value still fails. `failing` must be normalized and fail.
Tape shrink_tape(Tape failing, const std::function<std::optional<Tape>(const Tape&)>& still_fails);

template <class Generator>
GeneratedBy<Generator> generate(Generator&& generator, std::uint64_t seed) {
  RecordingChoices choices(seed);
  auto value = generator(choices);
  return {std::move(value), choices.take_tape()};
}

template <class Generator>
GeneratedBy<Generator> replay(Generator&& generator, const Tape& tape) {
  ReplayChoices choices(tape);
  auto value = generator(choices);
  return {std::move(value), choices.take_played()};
}

// The simplest tape reachable by the edits above whose value `fails` (a predicate on the value)
// still holds for, with its value. When the tape's own value does not fail, it is returned as is.
template <class Generator, class Predicate>
GeneratedBy<Generator> shrink(Generator&& generator, const Tape& tape, Predicate&& fails) {
  GeneratedBy<Generator> start = replay(generator, tape);
  if (!fails(std::as_const(start.value))) return start;
  const Tape minimal =
      shrink_tape(std::move(start.tape), [&](const Tape& candidate) -> std::optional<Tape> {
        GeneratedBy<Generator> run = replay(generator, candidate);
        if (!fails(std::as_const(run.value))) return std::nullopt;
        return std::move(run.tape);
      });
  return replay(generator, minimal);
}

}  // namespace xfen::generate
