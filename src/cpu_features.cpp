#include "cpu_features.hpp"

namespace xfen::detail {

#if defined(XFEN_SSSE3_DISPATCH) || defined(XFEN_AVX512_DISPATCH)
namespace {

bool processor_has(bool (*ask)()) noexcept {
  __builtin_cpu_init();
  return ask();
}

}  // namespace
#endif

#if defined(XFEN_SSSE3_DISPATCH)
const bool kProcessorHasSsse3 =
    processor_has([] { return __builtin_cpu_supports("ssse3") != 0; });
#endif
#if defined(XFEN_AVX512_DISPATCH)
const bool kProcessorHasBoardVectors = processor_has([] {
  return __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512dq") != 0 &&
         __builtin_cpu_supports("avx512vl") != 0 &&
         __builtin_cpu_supports("avx512vbmi") != 0 &&
         __builtin_cpu_supports("avx512vbmi2") != 0 && __builtin_cpu_supports("bmi2") != 0;
});
#endif

}  // namespace xfen::detail
