// Which vector byte shuffle the writer can use: asked of the processor once on x86-64, where the
// baseline that distributions compile for lacks it; known at compile time on AArch64, where every
// processor has it. XFEN_PORTABLE (the `portable` preset) turns both off, so that the portable
// code is built and tested on these machines too.
#pragma once

namespace xfen::detail {

#if !defined(XFEN_PORTABLE) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define XFEN_SSSE3_DISPATCH 1
#elif !defined(XFEN_PORTABLE) && defined(__aarch64__) && defined(__ARM_NEON)
#define XFEN_NEON 1
#endif

// SSSE3's pshufb on x86-64 (every processor since about 2008 has it), NEON's tbl on AArch64.
inline bool has_vector_shuffle() noexcept {
#if defined(XFEN_SSSE3_DISPATCH) && defined(__SSSE3__)
  return true;
#elif defined(XFEN_SSSE3_DISPATCH)
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3") != 0;
  }();
  return has;
#elif defined(XFEN_NEON)
  return true;
#else
  return false;
#endif
}

}  // namespace xfen::detail
