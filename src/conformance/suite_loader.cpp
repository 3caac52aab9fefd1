#include "conformance/suite_loader.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include <xfen/diagnostic.hpp>
#include <xfen/style_names.hpp>

#include "conformance/class_rules.hpp"

namespace xfen::conformance {
namespace {

using nlohmann::json;

const std::set<std::string, std::less<>> kMembers = {
    "id",     "class", "tags",        "input",    "profile",  "castling", "en_passant",
    "output", "error", "write_error", "warnings", "legality", "note"};

// ^[a-z0-9][a-z0-9-]*$, the shape of a tag; which tags exist is the schema's business.
bool is_tag(std::string_view text) noexcept {
  const auto lower_or_digit = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  };
  if (text.empty() || !lower_or_digit(text.front())) return false;
  return std::all_of(text.begin(), text.end(),
                     [&](char c) { return lower_or_digit(c) || c == '-'; });
}

// "valid, invalid, implementation-defined, dialect"
std::string class_names_listed() {
  std::string listed;
  for (const std::string_view name : case_class_names())
    (listed += listed.empty() ? "" : ", ") += name;
  return listed;
}

// Reads the members of one case, collecting every problem rather than stopping at the first,
// so that one run of the loader lists everything wrong with a line.
class CaseReader {
 public:
  CaseReader(const json& value, std::string_view group, Case& out)
      : value_(value), group_(group), out_(out) {}

  std::vector<std::string> read() {
    if (!value_.is_object()) return {"not a JSON object"};
    for (const auto& item : value_.items())
      if (!kMembers.contains(item.key())) problem("unknown member \"" + item.key() + "\"");
    read_id();
    if (const json* input = string_member("input", true)) out_.input = input->get<std::string>();
    read_styles();
    read_outcome();
    read_legality();
    if (const json* note = string_member("note", false)) out_.note = note->get<std::string>();
    read_class();
    read_tags();
    return problems_;
  }

 private:
  void problem(std::string text) { problems_.push_back(std::move(text)); }

  const json* string_member(const char* key, bool required) {
    if (!value_.contains(key)) {
      if (required) problem(std::string("missing member \"") + key + "\"");
      return nullptr;
    }
    const json& member = value_[key];
    if (!member.is_string()) {
      problem(std::string("\"") + key + "\" is not a string");
      return nullptr;
    }
    return &member;
  }

  void read_id() {
    const json* id = string_member("id", true);
    if (id == nullptr) return;
    out_.id = id->get<std::string>();
    const std::string prefix = std::string(group_) + ".";
    if (!out_.id.starts_with(prefix) || out_.id.size() == prefix.size())
      problem("id \"" + out_.id + "\" does not start with \"" + prefix + "\"");
  }

  // A non-empty array of distinct tags in sorted order, so that a case's tags read alike
  // everywhere and a repeated tag cannot hide.
  void read_tags() {
    if (!value_.contains("tags")) return;
    const json& tags = value_["tags"];
    if (!tags.is_array()) return problem("\"tags\" is not an array");
    if (tags.empty()) return problem("\"tags\" is empty: a case has at least one tag");
    for (std::size_t i = 0; i < tags.size(); ++i) {
      const std::string where = "tags[" + std::to_string(i) + "] ";
      if (!tags[i].is_string()) {
        problem(where + "is not a string");
        continue;
      }
      std::string tag = tags[i].get<std::string>();
      if (!is_tag(tag))
        problem(where + tags[i].dump() + " does not match ^[a-z0-9][a-z0-9-]*$");
      else if (!out_.tags.empty() && tag == out_.tags.back())
        problem(where + tags[i].dump() + " repeats the tag before it");
      else if (!out_.tags.empty() && tag < out_.tags.back())
        problem(where + tags[i].dump() + " comes after " + json(out_.tags.back()).dump() +
                ": tags are sorted");
      out_.tags.push_back(std::move(tag));
    }
  }

  // After the outcome, the profile, the styles and the legality findings, which the rules look
  // at, and only when they are sound, so that the rule quoted means something.
  void read_class() {
    std::optional<CaseClass> stated;
    if (const json* name = string_member("class", false)) {
      stated = case_class_from_name(name->get<std::string>());
      if (!stated)
        problem("unknown class " + name->dump() + "; the classes are " + class_names_listed());
    }
    if (!problems_.empty()) return;
    const ClassRule rule = class_rule(out_);
    if (!rule.case_class) return problem(std::string(rule.rule));
    if (stated && *stated != *rule.case_class)
      return problem("\"class\" is \"" + std::string(case_class_name(*stated)) + "\", but " +
                     std::string(rule.rule));
    out_.case_class = *rule.case_class;
  }

  template <typename Style>
  void read_style(const char* key, std::optional<Style> (*from_name)(std::string_view) noexcept,
                  Style& style) {
    const json* name = string_member(key, false);
    if (name == nullptr) return;
    if (const auto found = from_name(name->get<std::string>()))
      style = *found;
    else
      problem(std::string("unknown ") + key + " " + name->dump());
  }

  void read_styles() {
    read_style("profile", profile_from_name, out_.parse_options.profile);
    read_style("castling", castling_style_from_name, out_.write_options.castling);
    read_style("en_passant", en_passant_style_from_name, out_.write_options.en_passant);
  }

  // {"code": "castling.no-rook", "offset": 23, "message": "…"}; the offset required or
  // forbidden per member, the message optional.
  std::optional<ExpectedDiagnostic> diagnostic(const json& d, const std::string& where,
                                               bool with_offset) {
    if (!d.is_object() || !d.contains("code") || !d["code"].is_string()) {
      problem(where + " needs a \"code\" string");
      return std::nullopt;
    }
    for (const auto& item : d.items())
      if (item.key() != "code" && item.key() != "offset" && item.key() != "message")
        problem(where + " has an unknown member \"" + item.key() + "\"");
    ExpectedDiagnostic expected{
        .code = d["code"].get<std::string>(), .offset = std::nullopt, .message = std::nullopt};
    if (!code_from_name(expected.code)) problem(where + " has an unknown code \"" + expected.code + "\"");
    if (d.contains("offset")) {
      if (!d["offset"].is_number_unsigned() || d["offset"].get<std::uint64_t>() > 0xffffffffu)
        problem(where + " needs an offset that is a whole number from 0 to 4294967295");
      else if (!with_offset)
        problem(where + " takes no offset");
      else
        expected.offset = d["offset"].get<std::uint32_t>();
    } else if (with_offset) {
      problem(where + " needs an \"offset\"");
    }
    if (d.contains("message")) {
      if (!d["message"].is_string() || d["message"].get_ref<const std::string&>().empty())
        problem(where + " needs a \"message\" that is a non-empty string");
      else
        expected.message = d["message"].get<std::string>();
    }
    return expected;
  }

  std::vector<ExpectedDiagnostic> diagnostic_list(const char* key) {
    std::vector<ExpectedDiagnostic> list;
    const json& array = value_[key];
    if (!array.is_array()) {
      problem(std::string("\"") + key + "\" is not an array");
      return list;
    }
    for (std::size_t i = 0; i < array.size(); ++i)
      if (auto d = diagnostic(array[i], std::string(key) + "[" + std::to_string(i) + "]", true))
        list.push_back(std::move(*d));
    return list;
  }

  void read_outcome() {
    const int outcomes = static_cast<int>(value_.contains("output")) +
                         static_cast<int>(value_.contains("error")) +
                         static_cast<int>(value_.contains("write_error"));
    if (outcomes != 1) problem("needs exactly one of \"output\", \"error\" and \"write_error\"");
    if (const json* output = string_member("output", false)) {
      out_.outcome = Outcome::accepted;
      out_.output = output->get<std::string>();
    }
    if (value_.contains("error")) {
      out_.outcome = Outcome::rejected;
      if (auto d = diagnostic(value_["error"], "\"error\"", true)) out_.error = std::move(*d);
    }
    if (value_.contains("write_error")) {
      out_.outcome = Outcome::write_refused;
      if (auto d = diagnostic(value_["write_error"], "\"write_error\"", false))
        out_.error = std::move(*d);
    }
    if (value_.contains("warnings")) {
      if (out_.outcome == Outcome::rejected) problem("\"warnings\" goes with \"output\" or \"write_error\"");
      out_.warnings = diagnostic_list("warnings");
      if (out_.warnings.empty()) problem("\"warnings\" is empty: leave it out instead");
    }
  }

  // Required in legality.jsonl, whose cases exist to pin the findings; optional elsewhere, where
  // a case of another rule may happen to hold an illegal position and must say so, since its
  // findings make it implementation-defined (class_rules).
  void read_legality() {
    if (!value_.contains("legality")) {
      if (group_ == "legality") problem("a legality.jsonl case needs \"legality\"");
      return;
    }
    if (out_.outcome == Outcome::rejected) problem("\"legality\" goes with \"output\" or \"write_error\"");
    out_.legality = diagnostic_list("legality");
  }

  const json& value_;
  std::string_view group_;
  Case& out_;
  std::vector<std::string> problems_;
};

}  // namespace

std::vector<std::string> read_case(std::string_view line_text, std::string_view group, Case& out) {
  const json value = json::parse(line_text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return {"not valid JSON"};
  out.line_text = line_text;
  return CaseReader(value, group, out).read();
}

Suite load_suite(const std::filesystem::path& directory) {
  Suite suite;
  std::error_code error;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error))
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  if (error) {
    suite.problems.push_back(directory.string() + ": cannot list: " + error.message());
    return suite;
  }
  if (files.empty()) suite.problems.push_back(directory.string() + ": no .jsonl files");
  std::sort(files.begin(), files.end());

  std::map<std::string, std::string> first_seen;  // id -> file:line
  for (const auto& path : files) {
    const std::string file = path.filename().string();
    const std::string group = path.stem().string();
    suite.groups.push_back(group);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      suite.problems.push_back(file + ": cannot open");
      continue;
    }
    std::string text;
    std::size_t line = 0;
    while (std::getline(in, text)) {
      ++line;
      Case c;
      c.group = group;
      c.file = file;
      c.line = line;
      const std::vector<std::string> problems = read_case(text, group, c);
      for (const std::string& problem : problems)
        suite.problems.push_back(c.location() + ": " + problem);
      if (!problems.empty()) continue;
      const auto [seen, inserted] = first_seen.emplace(c.id, c.location());
      if (!inserted) {
        suite.problems.push_back(c.location() + ": id " + c.id + " repeats " + seen->second);
        continue;
      }
      suite.cases.push_back(std::move(c));
    }
    if (line == 0) suite.problems.push_back(file + ": no cases");
  }
  return suite;
}

}  // namespace xfen::conformance
