// Which vector instructions the core may use: asked of the processor once on x86-64, where the
// baseline that distributions compile for has neither a byte shuffle nor AVX-512; known at compile
// time on AArch64, where every processor has NEON's. XFEN_PORTABLE (the `portable` preset) turns
// them all off, so that the portable code is built and tested on these machines too.
#pragma once

#include "xfen/export.hpp"

namespace xfen::detail {

#if !defined(XFEN_PORTABLE) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define XFEN_SSSE3_DISPATCH 1
#define XFEN_AVX512_DISPATCH 1
#elif !defined(XFEN_PORTABLE) && defined(__aarch64__) && defined(__ARM_NEON)
#define XFEN_NEON 1
#endif
// SSE2 is part of the x86-64 baseline: used where the compiler targets it, with no dispatch.
#if !defined(XFEN_PORTABLE) && defined(__SSE2__)
#define XFEN_SSE2 1
#endif

// Set while the library is loaded (cpu_features.cpp), not on first use: a guarded local static
// makes the compiler save registers on every call of the hot paths that ask. Before they are set
// they read false, so a call from another library's static initializer takes the portable code.
// Exported: the tests, linked to a shared library too, ask which paths run.
#if defined(XFEN_SSSE3_DISPATCH)
extern XFEN_EXPORT const bool kProcessorHasSsse3;
#endif
#if defined(XFEN_AVX512_DISPATCH)
extern XFEN_EXPORT const bool kProcessorHasBoardVectors;
#endif

// SSSE3's pshufb on x86-64 (every processor since about 2008 has it), NEON's tbl on AArch64: the
// writer's rank shuffles.
inline bool has_vector_shuffle() noexcept {
#if defined(XFEN_SSSE3_DISPATCH) && defined(__SSSE3__)
  return true;
#elif defined(XFEN_SSSE3_DISPATCH)
  return kProcessorHasSsse3;
#elif defined(XFEN_NEON)
  return true;
#else
  return false;
#endif
}

// AVX-512 with VBMI's byte permutes and VBMI2's byte compress and expand (Ice Lake, Zen 4 and
// later): the board scan's vectors. The check includes the operating system's saving of them.
inline bool has_board_vectors() noexcept {
#if defined(XFEN_AVX512_DISPATCH)
  return kProcessorHasBoardVectors;
#else
  return false;
#endif
}

}  // namespace xfen::detail
