// What the HTML pages of certify share: the report of one run (html_report.cpp) and the matrix of
// several (certify/matrix/): the head of a self-contained page (its policy lets nothing run or be
// fetched), one style sheet, and how untrusted bytes and a verdict are shown.
#pragma once

#include <string>
#include <string_view>

#include "certify/grade/verdict.hpp"

namespace xfen::certify {

// "<!DOCTYPE html>…<body><main>": `title_html` is already HTML (escaped); `extra_style` is added
// to the shared style sheet, for a page's own elements.
std::string html_page_start(const std::string& title_html, std::string_view extra_style = {});

// Untrusted bytes in <code>, or in <pre> when they may span lines, with a note when they had to
// be escaped (untrusted_text.hpp: the text is then not the bytes).
std::string shown(std::string_view bytes, bool block = false);

// <span class="verdict NAME">NAME</span>, coloured by the shared style sheet.
std::string verdict_badge(Verdict verdict);

}  // namespace xfen::certify
