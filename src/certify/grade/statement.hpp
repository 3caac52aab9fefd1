// What a run may claim, in the words every report (text, JSON, JUnit, HTML, badge) uses: what it
// selected, what it relaxed, and the conformance statement, made only for a run of the whole suite
// with nothing failed and nothing relaxed. A report that leaves out a relaxation overstates the
// result, so each writer takes these lines from here rather than composing its own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certify/grade/certification.hpp"

namespace xfen::certify {

// One line per relaxation: each accepted spelling with the X-FEN rule it turns off, and the
// skip file. Empty for a strict run.
std::vector<std::string> relaxations(const CertifyReport& report);

// "conforms to the X-FEN conformance suite 1.0.0, strict: 704 of 711 cases graded, 7 need
// per-case mode"; nothing unless the run earns it: the whole suite (its count from the manifest)
// and nothing else, no relaxation, nothing failed, the program ran, every case graded but those
// only per-case mode can send.
std::optional<std::string> conformance_statement(const CertifyReport& report);

// The one-line outcome a report leads with: the conformance statement when earned, otherwise
// what the run shows and why it is no statement ("fails 30 of 67 cases …; selection: --tag
// castling; relaxed: --accept-spelling shredder").
std::string outcome(const CertifyReport& report);

// What a run that is not on the suite graded, as reports name it: "the records of mine.txt"
// (--inputs), "records generated from seed 7 (profile chess960)" (--generate). Raw bytes of the
// file's name: the caller escapes them as its format needs.
std::string records_certified(const CertifyReport& report);

// The figures of each class apart, in the suite's order of classes, for those the run has: a
// program that rejects everything passes every invalid case, so a total alone says little.
// ("valid", "must be accepted", "74 of 177 passed"); "…, 2 skipped" when some were.
struct ClassFigure {
  std::string name;
  std::string duty;
  std::string figures;
};
std::vector<ClassFigure> class_figures(const CertifyReport& report);

// Short words for a badge: "strict", "641/711 passed, relaxed: ep-always", "failing".
std::string badge_message(const CertifyReport& report);

// The spellings --accept-spelling named, in the order of all_spellings(): "shredder,ep-legal".
std::string accepted_spelling_names(const CertifyReport& report, std::string_view separator);

// The selection as the options say it: "--tag castling --id 'side.*'"; empty for the whole suite.
std::string selection_text(const CertifyReport& report);

// "six fields 404, EPD 126": how many accepted answers came in each layout (kLayoutNames).
std::string layouts_summary(const CertifyReport& report);

// Whether the outcome is the conformance statement (a badge's colour, a CI gate's summary).
bool conforms(const CertifyReport& report);

}  // namespace xfen::certify
