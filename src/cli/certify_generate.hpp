// The generative side of `xfen certify` (--generate): the run's options made from the command's,
// its progress line, and the command that replays one group.
#pragma once

#include <cstdint>
#include <string>

#include "certify/generative/generative_run.hpp"
#include "certify/report/report_reading.hpp"
#include "cli/certify_command.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

// The seed of the run: --seed, or one drawn at random (the report gives it, so any run replays).
std::uint64_t generation_seed(const CertifyCommandOptions& options);

// The generative run's options over `certify` (the runner and grading options a suite run has).
certify::GenerativeOptions generative_options(const CertifyCommandOptions& options, std::uint64_t seed,
                                              const certify::CertifyOptions& certify);

// "--generate 100000 --seed 7 --profile all", for the report's selection.
std::vector<std::string> generation_words(const CertifyCommandOptions& options, std::uint64_t seed);

// The command that generates record `index` of the run of `seed` again, grades it and shrinks it:
// xfen certify --generate 1 --seed S --from I … with every option that changes what is sent or how
// it is graded; each word quoted for a POSIX shell where it needs it.
std::string replay_command(const CertifyCommandOptions& options, std::uint64_t seed, std::uint64_t index);

// `word` as one word of a POSIX shell command: as it is when it holds only safe bytes, otherwise
// in single quotes (a quote inside as '\'').
std::string shell_word(std::string_view word);

// Each group of a generative `report` whose key a failure of the suite run `suite` also has: its
// case id (GeneratedGroup::suite_case). The suite's failures are keyed as generated records are
// (disagreement_key.hpp), their input graded against the recorded answer with xfen as the oracle
// and the generative run's spelling.
void mark_groups_the_suite_shows(const certify::ReadReport& suite, const std::string& suite_path,
                                 certify::CertifyReport& report);

// The progress line on a terminal, at most ten times a second.
std::function<void(const certify::GenerativeProgress&)> generation_progress(io::ByteSink& terminal);

}  // namespace xfen::cli
