// Must not compile with -Werror: a write that fails leaves the buffer unspecified.
#include <array>
#include <xfen/write.hpp>

void write_and_forget(const xfen::Position& position) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  xfen::write(position, buffer);
}
