// Must not compile with -Werror: a legality check whose findings are dropped checks nothing.
#include <xfen/legality.hpp>

void check_and_forget(const xfen::Position& position) { xfen::check_legality(position); }
