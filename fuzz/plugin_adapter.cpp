// A C++ plug-in (fuzz/plugin/xfen_plugin.hpp) as a program that speaks certify's streaming
// protocol (docs/PROTOCOL.md): a record a line in, "ok <record>" or "error <why>" a line out. So
// the implementation a plug-in wraps is certified against the suite like any program
// (`xfen certify --impl build/fuzz/xfen_plugin_adapter`), and a record the `plugin` fuzz target
// found becomes a conformance case with `xfen certify --inputs … --save-cases`.
// `--declarations` prints what the plug-in declares, as certify's options ("--accept-spelling
// ep-legal --supports 8x8"), so that a case is saved under the same contract the target held it to.
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>

#include "certify/run/protocol.hpp"
#include "xfen_plugin.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::unique_ptr<xfen::plugin::Implementation> implementation = xfen::plugin::make_implementation();
  if (argc == 2 && std::string_view(argv[1]) == "--declarations") {
    std::string options;
    if (!implementation->accept_spelling().empty())
      options += "--accept-spelling " + std::string(implementation->accept_spelling());
    if (!implementation->supports().empty())
      options += (options.empty() ? "" : " ") + std::string("--supports ") + std::string(implementation->supports());
    std::cout << options << '\n';
    return 0;
  }
  std::string record;
  std::string written;
  std::string line;
  while (std::getline(std::cin, record)) {
    if (!record.empty() && record.back() == '\r') record.pop_back();
    // An exception escaping the plug-in ends the program: certify reports that as a crash.
    if (implementation->read(record)) {
      written.clear();
      implementation->write(written);
      xfen::certify::write_accepted_line(line, written);
    } else {
      xfen::certify::write_rejected_line(line, implementation->why_rejected());
    }
    // The protocol's answer is one line: line ends inside what the plug-in said are spaces.
    for (char& byte : line)
      if (byte == '\n' || byte == '\r') byte = ' ';
    line.push_back('\n');
    std::cout << line << std::flush;
  }
  return 0;
}
