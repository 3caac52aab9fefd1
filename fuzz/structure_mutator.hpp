// A structure-aware mutator for fuzz targets whose input is the text of one X-FEN record.
//
// Byte mutations rarely turn one valid record into another: a flipped byte breaks the board or a
// field, and the parser stops at the first error. This mutator reads the input (lenient profile)
// when it can and changes what the record means: it swaps, moves, adds and removes pieces, moves a
// king between its rooks, adds castling tokens for inner and outer rooks (and bad ones), sets up a
// double push for an en passant square or moves the square, toggles 8/10 files, sets a prefix,
// perturbs the counters; then it writes the result with xfen::write in a random dialect, or as
// deliberately sloppy text (split empty counts, odd white space, missing, joined, split, swapped
// or extra fields). Text it cannot read gets field- and rank-level edits, and a fraction of all
// calls goes to the byte mutator (libFuzzer's LLVMFuzzerMutate) as is. Its randomness is the
// generator library's seeded RandomChoices (testing/generate), whose generators also make the new
// Chess960 and Capablanca Random Chess starts it puts on the board.
//
// The engine below does not depend on libFuzzer, so it can be unit-tested in any build; the
// libFuzzer hooks (LLVMFuzzerCustomMutator, LLVMFuzzerCustomCrossOver) are defined in
// structure_mutator.cpp only when XFEN_FUZZ_STRUCTURE_MUTATOR_HOOKS is defined, which
// fuzz/CMakeLists.txt does for libFuzzer builds of targets declared with MUTATOR, unless
// XFEN_FUZZ_MUTATOR is OFF.
#pragma once

#include <cstddef>
#include <cstdint>

namespace xfen::fuzz {

// The byte-level mutator to fall back on: LLVMFuzzerMutate's signature. It mutates data[0, size)
// in place and returns the new size, at most max_size.
using ByteMutator = std::size_t (*)(std::uint8_t* data, std::size_t size, std::size_t max_size);

// Mutates data[0, size) in place (capacity max_size, size <= max_size) and returns the new size,
// never above max_size. Deterministic: the same bytes, max_size and seed give the same result
// (provided byte_mutator is deterministic too).
std::size_t mutate_structure(std::uint8_t* data, std::size_t size, std::size_t max_size,
                             unsigned int seed, ByteMutator byte_mutator);

// Combines two records field by field (and the boards rank by rank) into out (capacity
// max_out_size). Returns the size written, or 0 when nothing that fits could be made.
std::size_t cross_over_structure(const std::uint8_t* data1, std::size_t size1,
                                 const std::uint8_t* data2, std::size_t size2, std::uint8_t* out,
                                 std::size_t max_out_size, unsigned int seed);

}  // namespace xfen::fuzz
