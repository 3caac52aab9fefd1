// A plug-in's answer to a record (fuzz/plugin/xfen_plugin.hpp), as certify's runner would have
// seen a program's: the `plugin` fuzz target and the `plugin_property` test grade the same
// answers, so they make them here.
#pragma once

#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>

#if __has_include(<cxxabi.h>)
#include <cxxabi.h>
#endif

#include "certify/run/protocol.hpp"
#include "xfen_plugin.hpp"

namespace xfen::fuzz {

// The type of the exception being handled ("std::out_of_range"), so that a report names what a
// `catch (...)` caught.
inline std::string handled_exception_type() {
#if __has_include(<cxxabi.h>)
  const std::type_info* type = abi::__cxa_current_exception_type();
  if (type == nullptr) return "an exception";
  int status = 0;
  char* demangled = abi::__cxa_demangle(type->name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled != nullptr ? demangled : type->name();
  std::free(demangled);
  return name;
#else
  return "an exception";
#endif
}

// What `implementation` does with `record`: accepted with the record it writes, rejected with
// why (on one line, as a protocol line carries it), or a crash when an exception escapes it,
// which a program would have died of.
inline certify::Answer plugin_answer(plugin::Implementation& implementation, std::string_view record) {
  certify::Answer answer;
  try {
    if (implementation.read(record)) {
      answer.kind = certify::Answer::Kind::accepted;
      implementation.write(answer.text);
    } else {
      answer.kind = certify::Answer::Kind::rejected;
      answer.text = implementation.why_rejected();
      for (char& c : answer.text)
        if (c == '\n' || c == '\r') c = ' ';
    }
  } catch (const std::exception& error) {
    answer = {};
    answer.kind = certify::Answer::Kind::crash;
    answer.detail = "threw " + handled_exception_type() + ": " + error.what();
  } catch (...) {
    answer = {};
    answer.kind = certify::Answer::Kind::crash;
    answer.detail = "threw " + handled_exception_type();
  }
  return answer;
}

}  // namespace xfen::fuzz
