// The plug-in interface of the `plugin` fuzz target and the `plugin_property` test: your C++
// X-FEN implementation, linked into them, with xfen as the oracle (fuzz/oracle.hpp). In process,
// the fuzzer is guided by your code's coverage as well as xfen's, at no cost of pipes and
// processes; `xfen certify` and the `external` target test a program of any language instead.
//
// What you do:
// 1. Write an adapter: a class deriving from xfen::plugin::Implementation that calls your reader
//    and writer, and define xfen::plugin::make_implementation() to return it (see
//    simple_model_plugin.cpp, which adapts the simple model of fuzz/simple_model.hpp).
// 2. Configure xfen's build with your sources instead of the default plug-in's (relative paths
//    are relative to the xfen source tree; fuzz/plugin/plugin.cmake):
//      -DXFEN_PLUGIN_SOURCES="/path/adapter.cpp;/path/your_reader.cpp"
//      -DXFEN_PLUGIN_INCLUDE_DIRS=/path/include  -DXFEN_PLUGIN_LIBRARIES="yourlib;..."
//    They are compiled with the build's flags: in the `fuzz` preset with libFuzzer's coverage and
//    ASan/UBSan, so that your branches guide the search and your memory errors are findings.
// 3. Run `ctest -R plugin_property` in a test build (generated records, graded as certification
//    grades them) and `scripts/xfen-fuzz run plugin` with the `fuzz` preset configured so
//    (fuzz_plugin, from the suite's records).
//
// The rules:
// - Each record is read as if it were the first: nothing read before may change what read() or
//   write() does, except that write() writes the last position read() accepted. A fuzzer that
//   finds a disagreement replays its input alone, and must see it again.
// - An exception escaping read(), write() or why_rejected() is reported as a crash of the
//   implementation on that record, as a crashed program would be by `xfen certify`.
// - The record is the bytes of one line without its line end, any bytes (not only valid UTF-8).
//   write() writes one record, without a line end, in your own spelling (Shredder letters, the
//   en passant square always written, ...): declare it in accept_spelling(), and every answer is
//   held to it on its own record (X-FEN's spelling fails where yours writes otherwise); or let it
//   be learnt from your answers to a first batch of generated records and fixed for the run.
// - why_rejected() is free text for the reports, never graded: a rejection is graded as a
//   rejection whatever it says.
//
// This header is self-contained and includes nothing of xfen: your code need not see xfen's.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace xfen::plugin {

class Implementation {
 public:
  virtual ~Implementation() = default;

  // The implementation's name, for the reports.
  virtual std::string_view name() const = 0;

  // Reads one record (one line, without its line end). True when it accepts it.
  virtual bool read(std::string_view record) = 0;

  // Writes the position the last accepted read() read, as the implementation writes X-FEN,
  // replacing the contents of `record`.
  virtual void write(std::string& record) = 0;

  // Why the last read() rejected its record: free text, one line (may be empty).
  virtual std::string why_rejected() const = 0;

  // What the implementation declares, in the words of `xfen certify`'s options. Empty: nothing
  // declared; its spelling is then learnt from its answers to a first batch of generated records
  // and fixed for the run (no single spelling: the target stops, asking for one), and it is sent
  // records of every game.
  virtual std::string_view accept_spelling() const { return {}; }  // e.g. "shredder,ep-legal"
  virtual std::string_view supports() const { return {}; }         // e.g. "8x8,chess960"
};

// Defined by the plug-in: the implementation under test, made once per process.
std::unique_ptr<Implementation> make_implementation();

}  // namespace xfen::plugin
