// The runtime switch of mutant schemata (tools/mutate/schemata.py): every mutant of the core is
// compiled in once, behind `xfen_mutation::on(number)`, and the environment variable XFEN_MUTANT
// picks the one that is active in a run. The build force-includes this header (-include), so
// the rewritten sources need no include line and keep their line numbers.
//
// Constant evaluation always sees the unmutated code: `on` is false there, so a mutant that only
// acts at compile time (a constexpr table, a case label) survives the schemata run, and the tool
// then builds it the classic way.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <optional>

namespace xfen_mutation {

// Function-local statics: initialised on first use, so also right during static initialisation.
// The library and each program have their own copies (hidden visibility); all read the same
// environment.
inline long active_mutant() noexcept {
  static const long active = [] {
    const char* text = std::getenv("XFEN_MUTANT");
    return text != nullptr ? std::strtol(text, nullptr, 10) : 0L;
  }();
  return active;
}

// With XFEN_MUTANT_TRACE=FILE, the numbers of the switches that run-time code asks are appended to
// FILE at exit: a mutant whose switch is never asked cannot change what the suite sees.
class Trace {
 public:
  static Trace& instance() noexcept {
    static Trace trace;
    return trace;
  }
  void reach(long number) noexcept {
    if (path_ != nullptr && number > 0 && number < kSize) reached_[number] = true;
  }
  ~Trace() {
    if (path_ == nullptr) return;
    if (std::FILE* out = std::fopen(path_, "a")) {
      for (long n = 0; n < kSize; ++n)
        if (reached_[n]) std::fprintf(out, "%ld\n", n);
      std::fclose(out);
    }
  }

 private:
  static constexpr long kSize = 1L << 16;
  const char* path_ = std::getenv("XFEN_MUTANT_TRACE");
  bool reached_[kSize] = {};
};

// The builtin, not std::is_constant_evaluated: this header is also forced on CMake's compiler
// checks, which compile without -std=c++20.
constexpr bool on(long number) noexcept {
  if (__builtin_is_constant_evaluated()) return false;
  Trace::instance().reach(number);
  return active_mutant() == number;
}

// The initialiser of a namespace-scope constant that holds mutants: not a constant expression,
// so the variable is set at program start, when the switches can be asked.
template <class T>
T run_time(T value) noexcept {
  return value;
}

// `a < b` becomes `a < site(n) < b`, which groups as `(a < site(n)) < b`: the first operator
// holds the left operand, the second compares it with the right one, flipped when mutant n is
// on. The operands need not be known to the rewriter, only the operator.
struct Site {
  long number;
};

constexpr Site site(long number) noexcept { return Site{number}; }

template <class Left>
struct Pending {
  const Left& left;
  long number;
};

#define XFEN_MUTATION_COMPARISON(op, flipped)                                            \
  template <class Left>                                                                  \
  constexpr Pending<Left> operator op(const Left& left, Site at) noexcept {              \
    return Pending<Left>{left, at.number};                                               \
  }                                                                                      \
  template <class Left, class Right>                                                     \
  constexpr bool operator op(Pending<Left> pending, const Right& right) {                \
    return on(pending.number) ? static_cast<bool>(pending.left flipped right)            \
                              : static_cast<bool>(pending.left op right);                \
  }                                                                                      \
  /* std::optional's operators would otherwise be as good a match, reversed */          \
  template <class Left, class Right>                                                     \
  constexpr bool operator op(Pending<std::optional<Left>> pending,                       \
                             const std::optional<Right>& right) {                        \
    return on(pending.number) ? static_cast<bool>(pending.left flipped right)            \
                              : static_cast<bool>(pending.left op right);                \
  }

XFEN_MUTATION_COMPARISON(<, <=)
XFEN_MUTATION_COMPARISON(<=, <)
XFEN_MUTATION_COMPARISON(>, >=)
XFEN_MUTATION_COMPARISON(>=, >)
XFEN_MUTATION_COMPARISON(==, !=)
XFEN_MUTATION_COMPARISON(!=, ==)

#undef XFEN_MUTATION_COMPARISON

}  // namespace xfen_mutation
