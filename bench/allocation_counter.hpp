// Counts heap allocations made through the global operator new, for the benchmarks' claim that
// reading and writing records allocates nothing. Linking allocation_counter.cpp replaces every
// global operator new and delete of the program; the replacements forward to malloc and free.
#pragma once

#include <cstdint>

namespace xfen_bench {

// Allocations (every form of operator new, successful or not) since the program started.
std::uint64_t allocation_count() noexcept;

}  // namespace xfen_bench
