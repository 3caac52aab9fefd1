// A test fixture: a writer of the `ep-legal` spelling, declared as such, with ONE planted bug
// (issue 40), for showing that the `plugin` route holds answers to the declared spelling on each
// record: fuzz_plugin_ep_legal, built beside fuzz_plugin, never run by `xfen-fuzz ci` but by
// tests/oracle_fuzz_test.py.
//
// The bug: with Black to move, a pinned pawn counts as able to capture, so the en passant square
// is written wherever a black pawn stands beside the pushed pawn: X-FEN's own spelling. An oracle
// that let X-FEN's spelling pass beside the declared one never saw it.
//
// Built on xfen's reader and writer: the fixture is about the declaration, not about reading.
#include <memory>
#include <string>
#include <string_view>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "xfen_plugin.hpp"

namespace {

class EnPassantLegalBug final : public xfen::plugin::Implementation {
 public:
  std::string_view name() const override { return "ep-legal writer with a planted Black-to-move bug"; }
  std::string_view accept_spelling() const override { return "ep-legal"; }

  bool read(std::string_view record) override {
    read_ = xfen::parse(record);
    return read_.ok();
  }

  void write(std::string& record) override {
    const bool black = read_.position.side_to_move == xfen::Color::black;
    const xfen::WriteOptions style{.en_passant = black ? xfen::EnPassantStyle::xfen : xfen::EnPassantStyle::legal};
    record = xfen::to_string(read_.position, style).text;
  }

  std::string why_rejected() const override { return std::string(xfen::code_name(read_.error.code)); }

 private:
  xfen::ParseResult read_{};
};

}  // namespace

std::unique_ptr<xfen::plugin::Implementation> xfen::plugin::make_implementation() {
  return std::make_unique<EnPassantLegalBug>();
}
