// The simple model of strict X-FEN (../simple_model.hpp) behind the plug-in interface, for the two
// plug-ins built from it: the default one (simple_model_plugin.cpp) and the test fixture with a
// planted bug (planted_bug_plugin.cpp), which differ only in how the written record is retouched.
#pragma once

#include <string>
#include <string_view>

#include "../simple_model.hpp"
#include "xfen_plugin.hpp"

namespace xfen::plugin {

class SimpleModelImplementation : public Implementation {
 public:
  std::string_view name() const override { return "simple model"; }

  bool read(std::string_view record) override {
    const simple_model::Verdict verdict = simple_model::read_strict(std::string(record));
    if (!verdict.accepted) {
      why_rejected_ = verdict.code + " at byte " + std::to_string(verdict.offset);
      return false;
    }
    written_ = verdict.canonical;
    retouch(written_);
    return true;
  }

  void write(std::string& record) override { record = written_; }

  std::string why_rejected() const override { return why_rejected_; }

 protected:
  // Changes the canonical record the model wrote for the last accepted read: nothing here; a
  // planted bug in the fixture.
  virtual void retouch(std::string& /*record*/) const {}

 private:
  std::string written_;       // the last accepted record, as written
  std::string why_rejected_;  // "castling.no-rook at byte 30"
};

}  // namespace xfen::plugin
