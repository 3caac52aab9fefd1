#include "io/whole_input.hpp"

#include <array>

namespace xfen::io {

bool read_whole_input(ByteSource& source, std::string& storage, Line& line) {
  storage.clear();
  std::size_t total = 0;
  std::array<char, 64 * 1024> chunk{};
  for (std::size_t got; (got = source.read(chunk)) > 0;) {
    total += got;
    if (storage.size() < kMaxLineLength)
      storage.append(chunk.data(), std::min(got, kMaxLineLength - storage.size()));
  }
  line.number = 1;
  line.too_long = total > kMaxLineLength;
  line.text = line.too_long ? std::string_view() : std::string_view(storage);
  return source.error() == 0;
}

}  // namespace xfen::io
