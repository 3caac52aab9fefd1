// `xfen certify --generate --save-cases FILE.jsonl`: each minimal disagreement of a generative
// run written as a conformance case (corpus/conformance/README.md): its id, its input, what xfen
// makes of it (the output, or the error that rejects it, and the legality findings), a note
// saying where it came from; then its class and tags, computed by the suite's own classification
// (tools/conformance/classify.py --cases, run with python3), so that the lines are ready to add
// to the suite's files.
#pragma once

#include <filesystem>

#include "certify/grade/certification.hpp"
#include "cli/command_output.hpp"

namespace xfen::cli {

// The suite's classifier, found from the suite's folder as xfen's source tree lays them out
// (SUITE/../../tools/conformance/classify.py).
std::filesystem::path suite_classifier(const std::filesystem::path& suite_directory);

// Writes the cases of `report`'s groups to `path` and classifies them. A minimal record a case
// cannot hold (bytes that are not UTF-8: a case is JSON text) is left out with a message saying
// so. False, with the error reported, when the file cannot be written or classified.
bool save_generated_cases(const certify::CertifyReport& report, const std::filesystem::path& path,
                          const std::filesystem::path& classifier, CommandOutput& output);

}  // namespace xfen::cli
