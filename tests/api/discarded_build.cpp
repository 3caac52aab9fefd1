// Must not compile with -Werror: a built position that is never looked at.
#include <xfen/position_builder.hpp>

void build_and_forget() { xfen::PositionBuilder().castling("KQkq").build(); }
