// A program that uses xfen the way a client project does: through find_package(xfen) and the
// xfen::xfen target (or add_subdirectory). For each argument it prints the canonical record and
// the Shredder spelling, or the error code and offset; built also from the installed xfen.pc.
#include <cstdio>
#include <string>
#include <string_view>

#include <xfen/ostream.hpp>
#include <xfen/xfen.hpp>

int main(int argc, char** argv) {
  // The library linked in is the one whose headers this was compiled against.
  if (xfen::version().text != XFEN_VERSION_STRING || XFEN_VERSION != 100) return 3;
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view record = argv[i];
    const xfen::ParseResult parsed = xfen::parse(record);
    if (!parsed) {
      const std::string_view code = xfen::code_name(parsed.error.code);
      std::printf("error %.*s %u\n", static_cast<int>(code.size()), code.data(),
                  static_cast<unsigned>(parsed.error.offset));
      status = 1;
      continue;
    }
    char buffer[xfen::kMaxRecordSize];
    const xfen::WriteResult written = xfen::write(parsed.position, buffer);
    const xfen::StringResult shredder =
        xfen::to_string(parsed.position, {xfen::CastlingStyle::shredder});
    if (!written || !shredder) return 2;
    std::printf("%.*s | %s\n", static_cast<int>(written.size), buffer, shredder.text.c_str());
  }
  return status;
}
