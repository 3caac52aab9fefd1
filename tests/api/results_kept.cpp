// The control: the calls of the files above with their results used compile cleanly, so that
// their failure is the discarded result's and nothing else's.
#include <array>
#include <xfen/xfen.hpp>

using namespace xfen::literals;

bool all_used(const xfen::Position& position) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  const bool read = xfen::parse("not a record").ok();
  const bool written = xfen::write(position, buffer).ok();
  const bool legal = xfen::check_legality(position).ok();
  const bool valid = xfen::validate(position).ok();
  const bool built = xfen::PositionBuilder().castling("KQkq").build().ok();
  return read && written && legal && valid && built && "j8"_sq == xfen::make_square(9, 7);
}
