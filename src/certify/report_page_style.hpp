// The style sheet of the HTML report, inline in its <head>: the page must be one file that needs
// nothing else (no external resources, no scripts), to be attached to a CI run or mailed.
#pragma once

#include <string_view>

namespace xfen::certify {

extern const std::string_view kReportPageStyle;

}  // namespace xfen::certify
