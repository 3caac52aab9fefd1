// `xfen certify --save-cases FILE.jsonl`: each minimal disagreement of a generative run (or each
// distinct disagreement of an --inputs run: fuzzing's findings, already minimised) written as a
// conformance case (corpus/conformance/README.md): its id, its input, what xfen
// makes of it (the output, or the error that rejects it, and the legality findings), a note
// saying where it came from; then its class and tags, computed by the suite's own classification
// (tools/conformance/classify.py --cases, run with python3), so that the lines are ready to add
// to the suite's files.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "certify/grade/certification.hpp"
#include "cli/command_output.hpp"

namespace xfen::cli {

// The suite's classifier, found from the suite's folder as xfen's source tree lays them out
// (SUITE/../../tools/conformance/classify.py).
std::filesystem::path suite_classifier(const std::filesystem::path& suite_directory);

// A disagreement to write as a case: its record, how the program failed on it, and the case's
// name within its group ("generated-7-1234") and note (where it came from).
struct CaseToSave {
  std::string record;
  certify::Verdict verdict;
  std::string key;  // the disagreement key, as to_string writes it
  std::string name;
  std::string note;
  // The spelling the run declared (--accept-spelling): the case is written in it, in the suite's
  // own fields ("castling", "en_passant"), so that it passes the fixed program, which writes it.
  WriteOptions style{};
};

// The groups of a generative run, one case each.
std::vector<CaseToSave> generated_cases(const certify::CertifyReport& report);
// The failures of an --inputs run, one case per disagreement key (the first line with it).
std::vector<CaseToSave> input_cases(const certify::CertifyReport& report);

// Writes `cases` to `path` and classifies them. A record a case cannot hold (bytes that are not
// UTF-8: a case is JSON text) is left out with a message saying so. False, with the error
// reported, when the file cannot be written or classified.
bool save_cases(const std::vector<CaseToSave>& cases, const std::filesystem::path& path,
                const std::filesystem::path& classifier, CommandOutput& output);

}  // namespace xfen::cli
