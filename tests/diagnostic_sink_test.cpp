// The diagnostic sink (SPEC R9, R10): a caller that passes one receives every warning and every
// legality finding in order, those beyond DiagnosticList's capacity included.
#define BOOST_TEST_MODULE diagnostic_sink_test
#include <boost/test/unit_test.hpp>

#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"

namespace {

struct Received {
  std::vector<xfen::Diagnostic> diagnostics;

  xfen::DiagnosticSink sink() noexcept {
    return {.receive = [](void* context, const xfen::Diagnostic& diagnostic) noexcept {
              static_cast<Received*>(context)->diagnostics.push_back(diagnostic);
            },
            .context = this};
  }
};

struct Expected {
  xfen::Code code;
  std::uint32_t offset;
};

void check_received(const std::vector<xfen::Diagnostic>& received,
                    const std::vector<Expected>& expected) {
  BOOST_TEST_REQUIRE(received.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST_CONTEXT("diagnostic " << i) {
      BOOST_TEST(xfen::code_name(received[i].code) == xfen::code_name(expected[i].code));
      BOOST_TEST(received[i].offset == expected[i].offset);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_lenient_warning_reaches_the_sink_in_order) {
  // Six summed counts and two separator runs fill the list; the four after them are the ones
  // that change the record's meaning.
  const std::string_view record = "4k3/44/44/44/44/44/44/4K3  w  KQ e6 0 0";
  Received received;
  const xfen::ParseResult result =
      xfen::parse(record, {.profile = xfen::Profile::lenient, .warning_sink = received.sink()});
  BOOST_TEST_REQUIRE(result.ok());
  using xfen::Code;
  check_received(received.diagnostics, {{Code::board_bad_count, 4},
                                        {Code::board_bad_count, 7},
                                        {Code::board_bad_count, 10},
                                        {Code::board_bad_count, 13},
                                        {Code::board_bad_count, 16},
                                        {Code::board_bad_count, 19},
                                        {Code::record_separator, 25},
                                        {Code::record_separator, 28},
                                        {Code::castling_no_rook, 30},
                                        {Code::castling_no_rook, 31},
                                        {Code::en_passant_no_pawn, 33},
                                        {Code::fullmove_range, 38}});
  for (const xfen::Diagnostic& warning : received.diagnostics)
    BOOST_TEST((warning.severity == xfen::Severity::warning));
  // The list keeps the first ones, as before; the sink saw the same ones first.
  BOOST_TEST(result.warnings.total() == received.diagnostics.size());
  BOOST_TEST_REQUIRE(result.warnings.size() == xfen::DiagnosticList::kCapacity);
  for (std::size_t i = 0; i < result.warnings.size(); ++i)
    BOOST_TEST(result.warnings[i].offset == received.diagnostics[i].offset);
}

BOOST_AUTO_TEST_CASE(strict_reading_sends_nothing_to_the_sink) {
  Received received;
  const xfen::ParseResult result =
      xfen::parse("4k3/44/8/8/8/8/8/4K3 w - - 0 1", {.warning_sink = received.sink()});
  BOOST_TEST(!result.ok());
  BOOST_TEST(received.diagnostics.empty());
}

BOOST_AUTO_TEST_CASE(every_legality_finding_reaches_the_sink_in_order) {
  // Nine white pawns on rank 1 and one black pawn on rank 8: ten findings, rank 1 first.
  const std::string_view record = "p3k5/10/10/10/10/10/10/PPPPKPPPPP w - - 0 1";
  const xfen::ParseResult read = xfen::parse(record);
  BOOST_TEST_REQUIRE(read.ok());
  Received received;
  const xfen::LegalityReport report =
      xfen::check_legality(read, record, received.sink());
  using xfen::Code;
  check_received(received.diagnostics, {{Code::legal_pawn_on_back_rank, 23},
                                        {Code::legal_pawn_on_back_rank, 24},
                                        {Code::legal_pawn_on_back_rank, 25},
                                        {Code::legal_pawn_on_back_rank, 26},
                                        {Code::legal_pawn_on_back_rank, 28},
                                        {Code::legal_pawn_on_back_rank, 29},
                                        {Code::legal_pawn_on_back_rank, 30},
                                        {Code::legal_pawn_on_back_rank, 31},
                                        {Code::legal_pawn_on_back_rank, 32},
                                        {Code::legal_pawn_on_back_rank, 0}});
  BOOST_TEST(report.findings.total() == 10u);
  BOOST_TEST(report.findings.size() == xfen::DiagnosticList::kCapacity);
}

BOOST_AUTO_TEST_CASE(no_sink_is_the_default) {
  // Without a sink, reading and checking still work and keep the first eight.
  const std::string_view record = "4k3/44/44/44/44/44/44/4K3  w  KQ e6 0 0";
  const xfen::ParseResult result = xfen::parse(record, {.profile = xfen::Profile::lenient});
  BOOST_TEST(result.warnings.total() == 12u);
  BOOST_TEST(xfen::check_legality(result, record).ok());
}
