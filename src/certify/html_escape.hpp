// Text for an HTML page and the SVG inside it. There is no Debian C++ library for these few lines;
// this is the one place that writes character references.
#pragma once

#include <string>
#include <string_view>

namespace xfen::certify {

// & < > " ' as character references: safe in element content and in quoted attribute values
// alike. `text` must already be valid UTF-8 without control characters (trusted text, or
// untrusted_text's).
std::string html_escape(std::string_view text);

// Bytes from the program under test or the user: untrusted_text's rule, then html_escape.
std::string html_text(std::string_view bytes);

}  // namespace xfen::certify
