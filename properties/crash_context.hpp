// What a property run prints when the library crashes inside it: the property and the record it
// was testing (testing/crash_note.hpp). A crash ends the process before RapidCheck can shrink or
// print anything, and Boost.Test alone would say `signal: SIGABRT`.
//
// Including this file installs the handlers, before main, so before Boost.Test looks for them.
// The generators of rapidcheck_choices.hpp note every value they make; a property that builds its
// input itself notes it with testing().
#pragma once

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "../testing/board_text.hpp"
#include "../testing/crash_note.hpp"
#include "xfen/xfen.hpp"

namespace xfen::prop {

inline const bool crash_handlers_installed = (crash_note::install(), true);

// The record being tested from now on, in the note a crash prints.
inline void testing(std::string_view record) {
  // The property's name changes once per test case; the record once per case.
  static boost::unit_test::test_unit_id property = boost::unit_test::INV_TEST_UNIT_ID;
  static std::string doing;
  const boost::unit_test::test_unit_id current = boost::unit_test::framework::current_test_case_id();
  if (current != property) {
    property = current;
    doing = "testing " + boost::unit_test::framework::current_test_case().full_name();
  }
  crash_note::set(doing, "record", record);
}

// The position as a record written here rather than by xfen::write, so that a crash in the writer
// still shows it: Shredder-FEN castling letters (the rook's file) and the en passant square as
// stored, which the reader takes back as the same position.
inline std::string independent_record(const Position& p) {
  std::string out = testing::board_text(p);
  out += p.side_to_move == Color::white ? " w " : " b ";
  if (!p.castling.any()) out += '-';
  if (p.castling.any() && p.castling.mode == CastlingMode::symmetric) out += 's';
  if (p.castling.any() && p.castling.mode == CastlingMode::modern) out += 'm';
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto file = p.castling.rook_file(color, side))
        out += static_cast<char>((color == Color::white ? 'A' : 'a') + *file);
  out += ' ';
  if (p.en_passant)
    out += {p.en_passant->file_letter(), p.en_passant->rank_digit()};
  else
    out += '-';
  return out + ' ' + std::to_string(p.halfmove_clock) + ' ' + std::to_string(p.fullmove_number);
}

inline void testing(const Position& p) { testing(independent_record(p)); }

}  // namespace xfen::prop
