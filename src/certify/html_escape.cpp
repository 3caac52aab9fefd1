#include "html_escape.hpp"

#include "untrusted_text.hpp"

namespace xfen::certify {

std::string html_escape(std::string_view text) {
  std::string html;
  html.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': html += "&amp;"; break;
      case '<': html += "&lt;"; break;
      case '>': html += "&gt;"; break;
      case '"': html += "&quot;"; break;
      case '\'': html += "&#39;"; break;
      default: html += c; break;
    }
  }
  return html;
}

std::string html_text(std::string_view bytes) { return html_escape(untrusted_text(bytes).text); }

}  // namespace xfen::certify
