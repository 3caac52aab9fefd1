// The badge (docs/CERTIFY.md "Badge"): what the run may claim (grade/statement.hpp), in the shape
// of the shields.io badges READMEs already carry, so a reader sees "strict" only when the run
// earned the conformance statement, and the relaxations otherwise.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "certify/grade/statement.hpp"
#include "certify/report/reports.hpp"
#include "certify/report/untrusted_text.hpp"

namespace xfen::certify {
namespace {

std::string label(const CertifyReport& report) {
  return report.suite_version.empty() ? "X-FEN" : "X-FEN suite " + report.suite_version;
}

// Green for the statement, yellow for a run that passes with something relaxed or left out, red
// for failures or no verdict.
std::string_view colour(const CertifyReport& report) {
  if (conforms(report)) return "#4c1";
  if (report.run.started && report.protocol_failure.empty() && !report.failed()) return "#dfb317";
  return "#e05d44";
}

// Verdana 11px, as shields.io measures: about 6.5 px a character is close enough for a box that
// must hold the text, not match it to the pixel.
std::size_t text_width(std::string_view text) { return 10 + text.size() * 13 / 2; }

}  // namespace

std::string badge_svg(const CertifyReport& report) {
  const std::string left = html_escape(label(report));
  const std::string right = html_escape(badge_message(report));
  const std::size_t left_width = text_width(label(report));
  const std::size_t right_width = text_width(badge_message(report));
  const std::string width = std::to_string(left_width + right_width);
  const std::string title = html_text(outcome(report));  // it names the user's files
  std::string svg;
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width +
         "\" height=\"20\" role=\"img\" aria-label=\"" + left + ": " + right + "\">";
  svg += "<title>" + title + "</title>";
  svg += "<rect width=\"" + std::to_string(left_width) + "\" height=\"20\" fill=\"#555\"/>";
  svg += "<rect x=\"" + std::to_string(left_width) + "\" width=\"" + std::to_string(right_width) +
         "\" height=\"20\" fill=\"" + std::string(colour(report)) + "\"/>";
  svg += "<g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,DejaVu Sans,sans-serif\" "
         "font-size=\"11\">";
  svg += "<text x=\"" + std::to_string(left_width / 2) + "\" y=\"14\">" + left + "</text>";
  svg += "<text x=\"" + std::to_string(left_width + right_width / 2) + "\" y=\"14\">" + right + "</text>";
  svg += "</g></svg>\n";
  return svg;
}

std::string badge_endpoint_json(const CertifyReport& report) {
  const nlohmann::ordered_json endpoint = {{"schemaVersion", 1},
                                           {"label", untrusted_text(label(report)).text},
                                           {"message", untrusted_text(badge_message(report)).text},
                                           {"color", std::string(colour(report)).substr(1)}};
  return endpoint.dump(2) + "\n";
}

}  // namespace xfen::certify
