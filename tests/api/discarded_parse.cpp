// Must not compile with -Werror: a parse result that nobody looks at hides a failed read.
#include <xfen/parse.hpp>

void read_and_forget() { xfen::parse("not a record"); }
