// Base64 (RFC 4648, standard alphabet, with padding): the JSON report's exact copy of bytes that
// untrusted_text could only show escaped.
#pragma once

#include <string>
#include <string_view>

namespace xfen::certify {

std::string base64(std::string_view bytes);

}  // namespace xfen::certify
