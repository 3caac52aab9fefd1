// Programs under test written as C++ functions over records, for the tests of generative
// certification: xfen's own answer, and that answer with one combination bug planted, each firing
// only on records that combine two features.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "certify/run/protocol.hpp"
#include "xfen/diagnostic.hpp"
#include "xfen/parse.hpp"
#include "xfen/write.hpp"

namespace fake {

using xfen::certify::Answer;
using Program = std::function<Answer(std::string_view record)>;

inline Answer accepted(std::string record) { return {Answer::Kind::accepted, std::move(record), {}, {}, {}}; }
inline Answer rejected() { return {Answer::Kind::rejected, "no", {}, {}, {}}; }
inline Answer crashed() { return {Answer::Kind::crash, {}, "killed by signal 11 (SIGSEGV)", {}, {}}; }

// What `xfen adapter` answers: a program that never disagrees.
inline Answer xfen_answer(std::string_view record) {
  const xfen::ParseResult read = xfen::parse(record);
  if (!read.ok()) return rejected();
  const xfen::StringResult written = xfen::to_string(read.position);
  return written.ok() ? accepted(written.text) : rejected();
}

// The n-th space-separated field of a record ("" past the last) and where it starts.
inline std::size_t field_start(std::string_view record, int n) {
  std::size_t at = 0;
  for (int i = 0; i < n; ++i) {
    at = record.find(' ', at);
    if (at == std::string_view::npos) return record.size();
    ++at;
  }
  return at;
}
inline std::string_view field(std::string_view record, int n) {
  const std::size_t start = field_start(record, n);
  return record.substr(start, record.find(' ', start) - start);
}

// Bug 1: once it has read an inner rook's file letter, takes any castling letter after it
// (echoing the record), so a letter naming no rook is accepted.
inline Answer accepts_letters_after_inner_rook(std::string_view record) {
  const xfen::ParseResult read = xfen::parse(record);
  if (read.ok() || read.error.code != xfen::Code::castling_no_rook) return xfen_answer(record);
  const std::size_t start = field_start(record, 2);
  for (std::size_t i = start; i < read.error.offset && i < record.size(); ++i) {
    const char c = record[i];
    if ((c >= 'A' && c <= 'J') || (c >= 'a' && c <= 'j')) return accepted(std::string(record));
  }
  return rejected();
}

// Bug 2: writes no en passant square once the halfmove clock is past 9.
inline Answer drops_en_passant_after_clock_9(std::string_view record) {
  Answer answer = xfen_answer(record);
  const xfen::ParseResult read = xfen::parse(record);
  if (!read.ok() || read.position.halfmove_clock <= 9 || !read.position.en_passant) return answer;
  std::string& text = answer.text;
  const std::size_t start = field_start(text, 3);
  text.replace(start, text.find(' ', start) - start, "-");
  return answer;
}

// Bug 3: crashes on a record with exactly three castling rights.
inline Answer crashes_on_third_castling_right(std::string_view record) {
  const xfen::ParseResult read = xfen::parse(record);
  if (!read.ok()) return rejected();
  int rights = 0;
  for (const auto& sides : read.position.castling.rook_files)
    for (const auto file : sides) rights += file != xfen::CastlingRights::kNone ? 1 : 0;
  return rights == 3 ? crashed() : xfen_answer(record);
}

// Bugs 2 and 3 in one program: two ways of failing.
inline Answer two_bugs(std::string_view record) {
  const Answer crash = crashes_on_third_castling_right(record);
  return crash.kind == Answer::Kind::crash ? crash : drops_en_passant_after_clock_9(record);
}

}  // namespace fake
