#include "xfen/version.hpp"

namespace xfen {

// Compiled into the library, so that it reports the library's version, not the caller's headers'.
Version version() noexcept {
  return {XFEN_VERSION_MAJOR, XFEN_VERSION_MINOR, XFEN_VERSION_PATCH, XFEN_VERSION_STRING};
}

}  // namespace xfen
