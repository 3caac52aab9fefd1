// What the processor the library runs on can do beyond what it was compiled for, asked once: the
// writer takes a vector path only where the processor has the instructions.
#pragma once

namespace xfen::detail {

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define XFEN_X86_DISPATCH 1
#endif

// SSSE3's byte shuffle (pshufb): every x86-64 processor since about 2008 has it, but the x86-64
// baseline that distributions compile for does not include it.
inline bool has_ssse3() noexcept {
#if defined(__SSSE3__)
  return true;
#elif defined(XFEN_X86_DISPATCH)
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3") != 0;
  }();
  return has;
#else
  return false;
#endif
}

}  // namespace xfen::detail
