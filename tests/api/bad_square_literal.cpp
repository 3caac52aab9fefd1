// Must not compile: "k1" is no square of the 10x8 grid.
#include <xfen/square_name.hpp>

using namespace xfen::literals;
xfen::Square beyond_the_grid() { return "k1"_sq; }
