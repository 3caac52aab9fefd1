// Runs the conformance vectors in corpus/conformance/*.jsonl (format: corpus/conformance/README.md)
// against the library: one test case per group file, one context per case id.
#define BOOST_TEST_MODULE conformance
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 9> kGroups = {
    "record", "board", "side", "castling", "en-passant", "counters", "dialects", "lenient", "legality"};

// Codes that no record text can produce; every other code needs at least one vector.
constexpr std::array<std::string_view, 4> kUnreachable = {
    "ok", "write.buffer-too-small", "write.inconsistent-castling", "input.too-long"};

std::filesystem::path corpus_dir() {
  return std::filesystem::path(XFEN_SOURCE_DIR) / "corpus" / "conformance";
}

std::filesystem::path group_path(std::string_view group) {
  return corpus_dir() / (std::string(group) + ".jsonl");
}

struct Line {
  std::size_t number = 0;  // 1-based
  std::string text;
  json value;  // discarded when the line is not valid JSON
};

std::vector<Line> read_lines(const std::filesystem::path& path) {
  std::vector<Line> lines;
  std::ifstream in(path, std::ios::binary);
  std::string text;
  std::size_t number = 0;
  while (std::getline(in, text)) {
    ++number;
    Line line;
    line.number = number;
    line.text = text;
    line.value = json::parse(text, nullptr, /*allow_exceptions=*/false);
    lines.push_back(std::move(line));
  }
  return lines;
}

// What a case asks for, read defensively: a malformed case is reported by `corpus_files`, and
// the group test skips it.
struct Case {
  std::string id;
  std::string input;
  xfen::ParseOptions parse_options{};
  xfen::WriteOptions write_options{};
  bool default_dialect = true;
  bool strict = true;
};

bool read_case(const json& value, Case& out) {
  if (!value.is_object() || !value.contains("id") || !value["id"].is_string() ||
      !value.contains("input") || !value["input"].is_string())
    return false;
  out.id = value["id"].get<std::string>();
  out.input = value["input"].get<std::string>();
  const std::string profile = value.value("profile", std::string("strict"));
  const std::string castling = value.value("castling", std::string("xfen"));
  const std::string en_passant = value.value("en_passant", std::string("xfen"));
  if (profile == "lenient") {
    out.parse_options.profile = xfen::Profile::lenient;
    out.strict = false;
  } else if (profile != "strict") {
    return false;
  }
  if (castling == "shredder")
    out.write_options.castling = xfen::CastlingStyle::shredder;
  else if (castling == "classic")
    out.write_options.castling = xfen::CastlingStyle::classic;
  else if (castling != "xfen")
    return false;
  if (en_passant == "always")
    out.write_options.en_passant = xfen::EnPassantStyle::always;
  else if (en_passant == "legal")
    out.write_options.en_passant = xfen::EnPassantStyle::legal;
  else if (en_passant != "xfen")
    return false;
  out.default_dialect = castling == "xfen" && en_passant == "xfen";
  return true;
}

std::string name_of(xfen::Code code) { return std::string(xfen::code_name(code)); }

std::string describe(const xfen::Diagnostic& diagnostic, std::string_view record) {
  std::ostringstream out;
  out << name_of(diagnostic.code) << " at " << diagnostic.offset << " ("
      << xfen::message(diagnostic, record) << ")";
  return out.str();
}

std::string write_string(const xfen::Position& position, const xfen::WriteOptions& options,
                         xfen::Diagnostic& error) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  const xfen::WriteResult result = xfen::write(position, buffer, options);
  error = result.error;
  if (!result.ok()) return {};
  return std::string(buffer.data(), result.size);
}

void check_warnings(const Case& c, const json& value, const xfen::ParseResult& result) {
  std::vector<std::pair<std::string, std::uint32_t>> expected;
  if (value.contains("warnings"))
    for (const json& w : value["warnings"])
      expected.emplace_back(w.at("code").get<std::string>(), w.at("offset").get<std::uint32_t>());
  BOOST_TEST(result.warnings.total() == expected.size(), "warning count");
  const std::size_t kept = std::min(result.warnings.size(), expected.size());
  BOOST_TEST(result.warnings.size() == std::min(expected.size(), xfen::DiagnosticList::kCapacity),
             "kept warnings");
  for (std::size_t i = 0; i < kept; ++i) {
    BOOST_TEST_CONTEXT("warning " << i) {
      BOOST_TEST(name_of(result.warnings[i].code) == expected[i].first);
      BOOST_TEST(result.warnings[i].offset == expected[i].second);
    }
  }
  for (std::size_t i = kept; i < result.warnings.size(); ++i)
    BOOST_ERROR("unexpected warning " << describe(result.warnings[i], c.input));
}

void check_legality_case(const Case& c, const json& value, const xfen::ParseResult& result) {
  std::vector<std::string> expected;
  for (const json& code : value["legality"]) expected.push_back(code.get<std::string>());
  const xfen::LegalityReport report = xfen::check_legality(result.position, c.input);
  std::vector<std::string> actual;
  for (const xfen::Diagnostic& finding : report.findings) actual.push_back(name_of(finding.code));
  BOOST_TEST(report.findings.total() == expected.size(), "legality finding count");
  BOOST_TEST(actual == expected, boost::test_tools::per_element());
}

void check_fixed_point(const Case& c, const std::string& output, const xfen::ParseResult& result) {
  // R7.6: the canonical record reads back (strictly, without warnings) to an equal position and
  // writes the same bytes.
  BOOST_TEST_CONTEXT("fixed point: " << json(output).dump()) {
    const xfen::ParseResult again = xfen::parse(output);
    if (!again.ok()) {
      BOOST_ERROR("output does not parse: " << describe(again.error, output));
      return;
    }
    BOOST_TEST(again.warnings.empty());
    xfen::Diagnostic error{};
    const std::string rewritten = write_string(again.position, {}, error);
    BOOST_TEST(name_of(error.code) == "ok");
    BOOST_TEST(rewritten == output);
    BOOST_TEST((again.position == result.position), "parse(output) == parse(input)");
  }
  // R9: whatever strict reading accepts, lenient reading accepts with the same position and no
  // warning.
  if (c.strict) {
    BOOST_TEST_CONTEXT("lenient reading of a strict record") {
      const xfen::ParseResult lenient = xfen::parse(c.input, {xfen::Profile::lenient});
      if (!lenient.ok()) {
        BOOST_ERROR("lenient rejects it: " << describe(lenient.error, c.input));
        return;
      }
      BOOST_TEST(lenient.warnings.empty());
      BOOST_TEST((lenient.position == result.position));
    }
  }
}

void run_case(const json& value) {
  Case c;
  if (!read_case(value, c)) return;  // reported by corpus_files
  BOOST_TEST_CONTEXT(c.id << " input=" << json(c.input).dump()) {
    const xfen::ParseResult result = xfen::parse(c.input, c.parse_options);

    if (value.contains("error")) {
      const std::string code = value["error"].at("code").get<std::string>();
      const auto offset = value["error"].at("offset").get<std::uint32_t>();
      if (result.ok()) {
        xfen::Diagnostic ignored{};
        BOOST_ERROR("accepted, expected " << code << " at " << offset << "; writes "
                                          << write_string(result.position, {}, ignored));
        return;
      }
      BOOST_TEST(name_of(result.error.code) == code);
      BOOST_TEST(result.error.offset == offset);
      return;
    }

    if (!result.ok()) {
      BOOST_ERROR("rejected: " << describe(result.error, c.input));
      return;
    }
    check_warnings(c, value, result);

    xfen::Diagnostic write_error{};
    const std::string written = write_string(result.position, c.write_options, write_error);
    if (value.contains("write_error")) {
      const std::string code = value["write_error"].at("code").get<std::string>();
      BOOST_TEST(name_of(write_error.code) == code);
      BOOST_TEST(written.empty());
    } else {
      const std::string output = value.at("output").get<std::string>();
      BOOST_TEST(name_of(write_error.code) == "ok");
      BOOST_TEST(written == output);
      if (c.default_dialect) check_fixed_point(c, output, result);
    }

    if (value.contains("legality")) check_legality_case(c, value, result);
  }
}

void run_group(std::string_view group) {
  const std::vector<Line> lines = read_lines(group_path(group));
  BOOST_TEST(!lines.empty(), group << ".jsonl has no cases");
  for (const Line& line : lines) run_case(line.value);
}

// Structural checks of one case; returns the problems found.
std::vector<std::string> validate(const json& value, std::string_view group) {
  static const std::set<std::string> kKeys = {"id",         "input",   "profile", "castling",
                                              "en_passant", "output",  "error",   "write_error",
                                              "warnings",   "legality", "note"};
  std::vector<std::string> problems;
  if (!value.is_object()) return {"not a JSON object"};
  for (const auto& item : value.items())
    if (kKeys.count(item.key()) == 0) problems.push_back("unknown key \"" + item.key() + "\"");
  Case c;
  if (!read_case(value, c)) {
    problems.push_back("bad id, input, profile, castling or en_passant");
    return problems;
  }
  if (c.id.rfind(std::string(group) + ".", 0) != 0 || c.id.size() == group.size() + 1)
    problems.push_back("id does not start with \"" + std::string(group) + ".\"");
  const int outcomes = static_cast<int>(value.contains("output")) +
                       static_cast<int>(value.contains("error")) +
                       static_cast<int>(value.contains("write_error"));
  if (outcomes != 1) problems.push_back("needs exactly one of output, error, write_error");
  if (value.contains("output") && !value["output"].is_string())
    problems.push_back("output is not a string");
  const auto known_code = [&](const json& code) {
    if (!code.is_string() || xfen::code_from_name(code.get<std::string>()) == xfen::Code::ok)
      problems.push_back("unknown code " + code.dump());
  };
  const auto check_diagnostic = [&](const char* key, bool with_offset) {
    if (!value.contains(key)) return;
    const json& d = value[key];
    if (!d.is_object() || !d.contains("code")) {
      problems.push_back(std::string(key) + " needs a code");
      return;
    }
    known_code(d["code"]);
    if (with_offset && (!d.contains("offset") || !d["offset"].is_number_unsigned()))
      problems.push_back(std::string(key) + " needs an unsigned offset");
  };
  check_diagnostic("error", true);
  check_diagnostic("write_error", false);
  if (value.contains("warnings")) {
    if (!value["warnings"].is_array() || value["warnings"].empty()) {
      problems.push_back("warnings must be a non-empty array");
    } else {
      for (const json& w : value["warnings"]) {
        if (!w.is_object() || !w.contains("code") || !w.contains("offset") ||
            !w["offset"].is_number_unsigned()) {
          problems.push_back("a warning needs a code and an unsigned offset");
          continue;
        }
        known_code(w["code"]);
      }
    }
  }
  if (value.contains("legality")) {
    if (group != "legality") problems.push_back("legality outside legality.jsonl");
    if (!value["legality"].is_array())
      problems.push_back("legality must be an array");
    else
      for (const json& code : value["legality"]) known_code(code);
    if (!value.contains("output")) problems.push_back("a legality case must be accepted");
  } else if (group == "legality") {
    problems.push_back("legality.jsonl case without legality");
  }
  if (value.contains("note") && !value["note"].is_string()) problems.push_back("note is not a string");
  return problems;
}

}  // namespace

BOOST_AUTO_TEST_CASE(corpus_files) {
  std::map<std::string, std::string> first_seen;  // id -> file:line
  for (const std::string_view group : kGroups) {
    const std::filesystem::path path = group_path(group);
    BOOST_TEST_CONTEXT(path.string()) {
      BOOST_TEST(std::filesystem::is_regular_file(path), "missing group file");
      const std::vector<Line> lines = read_lines(path);
      BOOST_TEST(!lines.empty(), "empty group file");
      for (const Line& line : lines) {
        const std::string where = path.filename().string() + ":" + std::to_string(line.number);
        if (line.value.is_discarded()) {
          BOOST_ERROR(where << ": not valid JSON");
          continue;
        }
        for (const std::string& problem : validate(line.value, group))
          BOOST_ERROR(where << ": " << problem);
        if (line.value.is_object() && line.value.contains("id") && line.value["id"].is_string()) {
          const std::string id = line.value["id"].get<std::string>();
          const auto [it, inserted] = first_seen.emplace(id, where);
          if (!inserted) BOOST_ERROR(where << ": id " << id << " repeats " << it->second);
        }
      }
    }
  }
  // Every .jsonl file in the directory is a group this test runs.
  for (const auto& entry : std::filesystem::directory_iterator(corpus_dir())) {
    if (entry.path().extension() != ".jsonl") continue;
    const std::string stem = entry.path().stem().string();
    BOOST_TEST((std::find(kGroups.begin(), kGroups.end(), stem) != kGroups.end()),
               entry.path().filename().string() << " is not a known group");
  }
}

BOOST_AUTO_TEST_CASE(every_code_is_covered) {
  std::set<std::string> covered;
  for (const std::string_view group : kGroups) {
    for (const Line& line : read_lines(group_path(group))) {
      const json& v = line.value;
      if (!v.is_object()) continue;
      for (const char* key : {"error", "write_error"})
        if (v.contains(key) && v[key].is_object() && v[key].contains("code") &&
            v[key]["code"].is_string())
          covered.insert(v[key]["code"].get<std::string>());
      if (v.contains("warnings") && v["warnings"].is_array())
        for (const json& w : v["warnings"])
          if (w.is_object() && w.contains("code") && w["code"].is_string())
            covered.insert(w["code"].get<std::string>());
      if (v.contains("legality") && v["legality"].is_array())
        for (const json& code : v["legality"])
          if (code.is_string()) covered.insert(code.get<std::string>());
    }
  }
  for (const xfen::Code code : xfen::all_codes()) {
    const std::string name = name_of(code);
    if (std::find(kUnreachable.begin(), kUnreachable.end(), name) != kUnreachable.end()) continue;
    BOOST_TEST(covered.count(name) == 1U, "no conformance vector for " << name);
  }
}

BOOST_AUTO_TEST_CASE(record) { run_group("record"); }
BOOST_AUTO_TEST_CASE(board) { run_group("board"); }
BOOST_AUTO_TEST_CASE(side) { run_group("side"); }
BOOST_AUTO_TEST_CASE(castling) { run_group("castling"); }
BOOST_AUTO_TEST_CASE(en_passant) { run_group("en-passant"); }
BOOST_AUTO_TEST_CASE(counters) { run_group("counters"); }
BOOST_AUTO_TEST_CASE(dialects) { run_group("dialects"); }
BOOST_AUTO_TEST_CASE(lenient) { run_group("lenient"); }
BOOST_AUTO_TEST_CASE(legality) { run_group("legality"); }
