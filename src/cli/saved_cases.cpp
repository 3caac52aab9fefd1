#include "cli/saved_cases.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <array>
#include <cstdint>
#include <set>
#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <xfen/legality.hpp>
#include <xfen/message.hpp>
#include <xfen/parse.hpp>
#include <xfen/style_names.hpp>
#include <xfen/write.hpp>

#include "certify/generative/disagreement_key.hpp"
#include "io/output_file.hpp"

extern char** environ;

namespace xfen::cli {
namespace {

using Json = nlohmann::ordered_json;

Json diagnostic_json(const Diagnostic& diagnostic, std::string_view record) {
  return Json{{"code", code_name(diagnostic.code)}, {"offset", diagnostic.offset}, {"message", message(diagnostic, record)}};
}

std::string_view field_of_key(std::string_view key) {
  const std::size_t colon = key.find(": ");
  return colon == std::string_view::npos ? std::string_view{} : key.substr(colon + 2);
}

// The suite's group a field or a code's prefix belongs to (the README's table of files).
std::string_view group_of_part(std::string_view part) {
  for (const std::string_view group : {"record", "board", "side", "castling", "en-passant"})
    if (part == group) return group;
  if (part == "halfmove" || part == "fullmove") return "counters";
  if (part == "layout") return "record";
  return {};
}

// The file a case goes to: the field the program got wrong, or the rule of xfen's error; for a
// rejected valid record (or a crash on one), the most particular field the record uses.
std::string group_of(const CaseToSave& group, const ParseResult& read) {
  if (!read.ok()) {
    const std::string_view code = code_name(read.error.code);
    if (const auto group_name = group_of_part(code.substr(0, code.find('.'))); !group_name.empty())
      return std::string(group_name);
    return "record";
  }
  if (group.verdict == certify::Verdict::wrong_position || group.verdict == certify::Verdict::non_canonical)
    if (const auto group_name = group_of_part(field_of_key(group.key)); !group_name.empty())
      return std::string(group_name);
  const Position& position = read.position;
  if (position.en_passant) return "en-passant";
  if (position.castling.any() || position.castling.mode != CastlingMode::standard) return "castling";
  if (position.halfmove_clock != 0 || position.fullmove_number != 1) return "counters";
  if (position.side_to_move == Color::black) return "side";
  return "board";
}

Json case_json(const CaseToSave& saved) {
  const std::string& record = saved.record;
  const ParseResult read = parse(record);
  Json line;
  line["id"] = group_of(saved, read) + "." + saved.name;
  line["input"] = record;
  if (read.ok()) {
    // Each declared field the declared style can write here (classic letters cannot name an inner
    // rook: X-FEN's field stays then), in the suite's fields for a writing style.
    WriteOptions style;
    if (saved.style.castling != CastlingStyle::xfen &&
        to_string(read.position, WriteOptions{.castling = saved.style.castling}).ok()) {
      style.castling = saved.style.castling;
      line["castling"] = style_name(style.castling);
    }
    if (saved.style.en_passant != EnPassantStyle::xfen) {
      style.en_passant = saved.style.en_passant;
      line["en_passant"] = style_name(style.en_passant);
    }
    line["output"] = to_string(read.position, style).text;
    const LegalityReport legality = check_legality(read, record);
    if (!legality.ok()) {
      Json findings = Json::array();
      for (const Diagnostic& finding : legality.findings) findings.push_back(diagnostic_json(finding, record));
      line["legality"] = std::move(findings);
    }
  } else {
    line["error"] = diagnostic_json(read.error, record);
  }
  line["note"] = saved.note;
  return line;
}

// Runs `python3 CLASSIFIER --cases PATH`; what it says on stderr goes to ours.
std::optional<std::string> classify(const std::filesystem::path& classifier, const std::filesystem::path& path) {
  const std::string script = classifier.string();
  const std::string file = path.string();
  std::array<char*, 5> argv{const_cast<char*>("python3"), const_cast<char*>(script.c_str()),
                            const_cast<char*>("--cases"), const_cast<char*>(file.c_str()), nullptr};
  pid_t pid = 0;
  if (const int error = ::posix_spawnp(&pid, "python3", nullptr, nullptr, argv.data(), environ); error != 0)
    return "cannot run python3, which classifies the cases: " + std::string(std::strerror(error));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return "cannot wait for python3: " + std::string(std::strerror(errno));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "the suite's classifier (" + script + ") failed on the cases; they are left in " + file + " unclassified";
  return std::nullopt;
}

// ", declared --accept-spelling ep-legal": the contract the case was found under, for its note.
std::string declared_note(const certify::CertifyReport& report) {
  const std::string declared = certify::spelling_list(report.accepted_spellings.declared_style());
  return declared.empty() ? std::string() : ", declared --accept-spelling " + declared;
}

}  // namespace

std::filesystem::path suite_classifier(const std::filesystem::path& suite_directory) {
  return (suite_directory / ".." / ".." / "tools" / "conformance" / "classify.py").lexically_normal();
}

std::vector<CaseToSave> generated_cases(const certify::CertifyReport& report) {
  std::vector<CaseToSave> cases;
  if (!report.generative) return cases;
  const certify::GenerativeSummary& run = *report.generative;
  for (const certify::GeneratedGroup& group : run.groups)
    cases.push_back({group.minimal, group.verdict, group.key,
                     "generated-" + std::to_string(run.seed) + "-" + std::to_string(group.record_index),
                     "Found by xfen certify --generate --seed " + std::to_string(run.seed) + " --from " +
                         std::to_string(group.record_index) + " --profile " + run.profile + " in " + report.name +
                         ": " + group.key + ", shrunk from " + std::to_string(group.record.size()) + " bytes" +
                         declared_note(report),
                     report.accepted_spellings.declared_style()});
  return cases;
}

// A name for a case that stays the same wherever its record was found (FNV-1a of the record):
// findings minimised one at a time and gathered in one file keep distinct ids.
std::string record_name(std::string_view record) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char byte : record) hash = (hash ^ static_cast<unsigned char>(byte)) * 0x100000001b3ULL;
  static constexpr std::string_view kDigits = "0123456789abcdef";
  std::string name = "found-";
  for (int shift = 60; shift >= 28; shift -= 4) name.push_back(kDigits[(hash >> shift) & 15]);
  return name;
}

std::vector<CaseToSave> input_cases(const certify::CertifyReport& report) {
  std::vector<CaseToSave> cases;
  const certify::GradingRules rules{report.accepted_spellings, report.accepted_layouts};
  std::set<std::string> keys;
  for (const certify::CaseResult& result : report.cases) {
    if (!certify::is_disagreement(result.verdict)) continue;
    const auto key = certify::disagreement(result.case_.input, result.answer, rules);
    if (!key || !keys.insert(to_string(*key)).second) continue;
    const std::uint64_t line = result.case_.index + 1;
    cases.push_back({result.case_.input, result.verdict, to_string(*key), record_name(result.case_.input),
                     "Found in " + report.name + ": " + to_string(*key) + ", line " + std::to_string(line) + " of " +
                         report.source + declared_note(report),
                     report.accepted_spellings.declared_style()});
  }
  return cases;
}

bool save_cases(const std::vector<CaseToSave>& cases, const std::filesystem::path& path,
                const std::filesystem::path& classifier, CommandOutput& output) {
  std::string lines;
  for (const CaseToSave& saved : cases) {
    try {
      lines += case_json(saved).dump(-1, ' ', false, Json::error_handler_t::strict);
      lines += '\n';
    } catch (const Json::type_error&) {
      output.errors.write("xfen certify: --save-cases: the record of " + saved.key + " ('" +
                          xfen::printable(saved.record) +
                          "') holds bytes that are not UTF-8, which a conformance case cannot hold: not saved\n");
    }
  }
  io::OutputFile file;
  const io::OutputFile::Opened opened = file.open(path.string(), io::OutputFile::Mode::output);
  if (opened.status != io::OutputFile::Status::ok) return output.report(opened.error), false;
  std::optional<io::IoError> error;
  if (!file.write(lines)) error = io::IoError{io::IoOperation::write, path.string(), file.error()};
  if (!error) error = file.commit();
  if (error) return output.report(*error), false;
  if (lines.empty()) return true;
  if (const auto problem = classify(classifier, path)) {
    output.errors.write("xfen certify: --save-cases: " + xfen::printable(*problem) + "\n");
    return false;
  }
  return true;
}

}  // namespace xfen::cli
