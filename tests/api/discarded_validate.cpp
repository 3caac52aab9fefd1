// Must not compile with -Werror: validate's verdict is its only effect.
#include <xfen/validate.hpp>

void validate_and_forget(const xfen::Position& position) { xfen::validate(position); }
