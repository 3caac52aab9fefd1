// The library promises that reading, writing into a caller's buffer, legality checks, the en
// passant analysis, start positions and their numbers, hashing, the pieces range and square
// names never touch the heap. This file replaces the global allocation functions with
// counting ones (for this executable only) and checks that the count does not move across those
// calls, for valid and invalid records, both profiles, both board sizes and every writer style.
#define BOOST_TEST_MODULE allocation_test
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"

// ---------------------------------------------------------------------------------------------
// Counting replacements of every replaceable global allocation function.

namespace {

std::atomic<std::size_t> g_allocations{0};

void* counted_alloc(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = std::malloc(size == 0 ? 1 : size);
  return p;
}

void* counted_aligned_alloc(std::size_t size, std::align_val_t alignment) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  auto align = static_cast<std::size_t>(alignment);
  if (align < sizeof(void*)) align = sizeof(void*);
  void* p = nullptr;
  if (posix_memalign(&p, align, size == 0 ? 1 : size) != 0) return nullptr;
  return p;
}

// Not inlined, so that GCC's -Wmismatched-new-delete does not see free() meet operator new.
[[gnu::noinline]] void counted_free(void* p) noexcept { std::free(p); }

}  // namespace

void* operator new(std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return counted_alloc(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  if (void* p = counted_aligned_alloc(size, alignment)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  if (void* p = counted_aligned_alloc(size, alignment)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment,
                     const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, alignment);
}

void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  counted_free(p);
}

// ---------------------------------------------------------------------------------------------

namespace {

// Pointers stored here escape, so the compiler cannot drop an allocation as unused.
void* volatile g_sink = nullptr;

std::size_t allocations() { return g_allocations.load(std::memory_order_relaxed); }

// Runs `f` and returns how many allocations happened during it. Nothing of Boost.Test runs
// in between, so every count belongs to `f`.
template <class F>
std::size_t count_allocations(F&& f) {
  const std::size_t before = allocations();
  f();
  return allocations() - before;
}

// Records of every kind: accepted, rejected with each error code, lenient warnings (more
// warnings than the list keeps), 8×8 and 10×8. Fixed-size arrays of string_view: building the
// table itself allocates nothing.
constexpr std::string_view kRecords[] = {
    // accepted, 8×8
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 3",
    "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
    "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w mKq - 0 1",
    // accepted, 10×8
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b JAja e3 0 1",
    "rnabqkbcnr/pppp1ppppp/10/10/3pP5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1",
    "r3k4r/10/10/10/10/10/10/R3K4R w sKQkq - 12 40",
    // record structure errors
    "",
    " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    // board errors
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1",
    "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/11/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    // side, castling
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w s - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkI - 0 1",
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1",
    "r3k1rr/8/8/8/8/8/8/R3K2R w KQkqg - 0 1",
    "-rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1",
    // en passant
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e33 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
    // counters
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483648 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999",
    // lenient relaxations (errors when strict), many warnings in one record
    "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq   -  0   1 \r\n",
    "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    "1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w KQkqKQ e6 0 0",
    " 1n1111k1/11111111/44/233/1115/35/8/44 w sKQkqHAha d6  0  0 ",
    "\t\t\t1111kq11 \v\f w KQkqABCDEFGH",
    "rnabqkbcnr/pppppppppp/55/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkqJAja e6 7 0",
    // white space only
    "   \t  ",
    // EPD and a bare board (SPEC R15): read in their own layouts, too short or too long in others
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;",
};

constexpr xfen::RecordFields kLayouts[] = {xfen::RecordFields::full, xfen::RecordFields::epd,
                                           xfen::RecordFields::board};

constexpr xfen::ParseOptions kStrict{xfen::Profile::strict};
constexpr xfen::ParseOptions kLenient{xfen::Profile::lenient};

constexpr xfen::CastlingStyle kCastlingStyles[] = {
    xfen::CastlingStyle::xfen, xfen::CastlingStyle::shredder, xfen::CastlingStyle::classic};
constexpr xfen::EnPassantStyle kEnPassantStyles[] = {
    xfen::EnPassantStyle::xfen, xfen::EnPassantStyle::always, xfen::EnPassantStyle::legal};

}  // namespace

// The counter must see allocations, or every zero below proves nothing.
BOOST_AUTO_TEST_CASE(counter_sees_allocations) {
  const std::vector<char> text(200, 'x');
  std::string* kept = nullptr;
  const std::size_t string_allocs = count_allocations([&] {
    kept = new std::string(text.begin(), text.end());  // longer than any small-string buffer
    g_sink = kept->data();
  });
  BOOST_TEST(string_allocs >= 1u);
  BOOST_TEST(kept->size() == 200u);
  delete kept;

  const auto parsed = xfen::parse(kRecords[8]);
  BOOST_TEST_REQUIRE(parsed.ok());
  xfen::StringResult written;
  const std::size_t to_string_allocs =
      count_allocations([&] { written = xfen::to_string(parsed.position); });
  BOOST_TEST(written.ok());
  BOOST_TEST(written.text == kRecords[8]);
  g_sink = written.text.data();
  BOOST_TEST(to_string_allocs >= 1u);  // 68 bytes do not fit a small-string buffer

  // Array and aligned forms are counted too.
  struct alignas(64) Wide {
    char bytes[64];
  };
  Wide* wide = nullptr;
  char* bytes = nullptr;
  const std::size_t other_allocs = count_allocations([&] {
    wide = new Wide{};
    bytes = new char[text.size()];
    g_sink = wide;
    g_sink = bytes;
  });
  BOOST_TEST(other_allocs == 2u);
  delete wide;
  delete[] bytes;
}

BOOST_AUTO_TEST_CASE(parse_never_allocates) {
  for (const xfen::RecordFields fields : kLayouts) {
    std::size_t accepted_strict = 0;
    std::size_t accepted_lenient = 0;
    std::size_t with_warnings = 0;
    xfen::ParseOptions strict_options = kStrict;
    xfen::ParseOptions lenient_options = kLenient;
    strict_options.fields = lenient_options.fields = fields;
    for (const std::string_view record : kRecords) {
      xfen::ParseResult strict;
      xfen::ParseResult lenient;
      const std::size_t n = count_allocations([&] {
        strict = xfen::parse(record, strict_options);
        lenient = xfen::parse(record, lenient_options);
      });
      BOOST_TEST(n == 0u, "parse allocated " << n << " times for \"" << record << "\" as "
                                             << xfen::style_name(fields));
      accepted_strict += strict.ok() ? 1u : 0u;
      accepted_lenient += lenient.ok() ? 1u : 0u;
      with_warnings += lenient.warnings.empty() ? 0u : 1u;
    }
    // The table covers what it claims to in every layout: accepted and rejected records, and
    // warnings.
    BOOST_TEST_CONTEXT(xfen::style_name(fields)) {
      BOOST_TEST(accepted_strict >= (fields == xfen::RecordFields::full ? 12u : 1u));
      BOOST_TEST(accepted_strict < std::size(kRecords));
      BOOST_TEST(accepted_lenient > accepted_strict);
      BOOST_TEST(with_warnings >= (fields == xfen::RecordFields::full ? 5u : 1u));
    }
  }
}

BOOST_AUTO_TEST_CASE(warning_overflow_never_allocates) {
  // More relaxations than DiagnosticList keeps.
  const std::string_view record = " 1n1111k1/11111111/44/233/1115/35/8/44 w sKQkqHAha d6  0  0 ";
  xfen::ParseResult result;
  const std::size_t n = count_allocations([&] { result = xfen::parse(record, kLenient); });
  BOOST_TEST(n == 0u);
  BOOST_TEST(result.ok());
  BOOST_TEST(result.warnings.total() > xfen::DiagnosticList::kCapacity);
}

BOOST_AUTO_TEST_CASE(diagnostic_sinks_never_allocate) {
  // The same overflowing record, every warning also delivered to a sink that only counts.
  const std::string_view record = " 1n1111k1/11111111/44/233/1115/35/8/44 w sKQkqHAha d6  0  0 ";
  std::size_t received = 0;
  const xfen::DiagnosticSink counting_sink{
      .receive = [](void* context, const xfen::Diagnostic&) noexcept {
        ++*static_cast<std::size_t*>(context);
      },
      .context = &received};
  xfen::ParseOptions options = kLenient;
  options.warning_sink = counting_sink;
  xfen::ParseResult result;
  xfen::LegalityReport report;
  const std::size_t n = count_allocations([&] {
    result = xfen::parse(record, options);
    report = xfen::check_legality(result, record, counting_sink);
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(received == result.warnings.total() + report.findings.total());
}

BOOST_AUTO_TEST_CASE(write_never_allocates) {
  std::size_t written = 0;
  std::size_t refused = 0;
  for (const std::string_view record : kRecords) {
    const auto parsed = xfen::parse(record, kLenient);
    if (!parsed.ok()) continue;
    for (const auto castling : kCastlingStyles) {
      for (const auto en_passant : kEnPassantStyles) {
        for (const auto fields : kLayouts) {
          const xfen::WriteOptions options{castling, en_passant, fields};
          char buffer[xfen::kMaxRecordSize];
          char tiny[4];
          xfen::WriteResult full;
          xfen::WriteResult small;
          const std::size_t n = count_allocations([&] {
            full = xfen::write(parsed.position, buffer, options);
            small = xfen::write(parsed.position, tiny, options);
          });
          BOOST_TEST(n == 0u, "write allocated " << n << " times for \"" << record << "\" as "
                                                 << xfen::style_name(fields));
          written += full.ok() ? 1u : 0u;
          refused += full.ok() ? 0u : 1u;
          BOOST_TEST(!small.ok());
        }
      }
    }
  }
  BOOST_TEST(written > 0u);
  BOOST_TEST(refused > 0u);  // classic style refuses inner rooks and prefixes
}

BOOST_AUTO_TEST_CASE(write_refusals_never_allocate) {
  // Hand-built positions that the writer refuses.
  auto position = xfen::parse(kRecords[0]).position;
  xfen::Position bad_width = position;
  bad_width.width = 9;
  xfen::Position bad_fullmove = position;
  bad_fullmove.fullmove_number = 0;
  xfen::Position bad_halfmove = position;
  bad_halfmove.halfmove_clock = xfen::Position::kMaxCounter + 1;
  xfen::Position bad_castling = position;
  bad_castling.put(xfen::make_square(4, 0), xfen::Piece());
  xfen::Position bad_en_passant = position;
  bad_en_passant.en_passant = xfen::make_square(4, 5);
  const xfen::Position* const cases[] = {&bad_width, &bad_fullmove, &bad_halfmove, &bad_castling,
                                         &bad_en_passant};
  for (const xfen::Position* p : cases) {
    for (const auto en_passant : kEnPassantStyles) {
      char buffer[xfen::kMaxRecordSize];
      xfen::WriteResult result;
      const std::size_t n = count_allocations(
          [&] { result = xfen::write(*p, buffer, {xfen::CastlingStyle::xfen, en_passant}); });
      BOOST_TEST(n == 0u);
      if (en_passant == xfen::EnPassantStyle::always) BOOST_TEST(!result.ok());
    }
  }
}

BOOST_AUTO_TEST_CASE(legality_and_en_passant_never_allocate) {
  std::size_t findings = 0;
  for (const std::string_view record : kRecords) {
    const auto parsed = xfen::parse(record, kLenient);
    if (!parsed.ok()) continue;
    const xfen::Position& p = parsed.position;
    xfen::LegalityReport with_record;
    xfen::LegalityReport without_record;
    xfen::EnPassantAnalysis analysis;
    std::optional<xfen::Square> x;
    std::optional<xfen::Square> l;
    bool attacked = false;
    bool equal = false;
    std::optional<int> king;
    std::optional<int> rook;
    const std::size_t n = count_allocations([&] {
      with_record = xfen::check_legality(parsed, record);
      without_record = xfen::check_legality(p);
      analysis = xfen::analyze_en_passant(p);
      x = xfen::xfen_en_passant(p);
      l = xfen::legal_en_passant(p);
      if (p.en_passant) (void)xfen::check_en_passant_geometry(p, *p.en_passant);
      attacked = xfen::is_attacked(p, xfen::make_square(4, 3), xfen::Color::white);
      equal = (p == p);
      king = xfen::castling_king_file(p, xfen::Color::black);
      rook = xfen::outermost_rook_file(p, xfen::Color::white, xfen::CastlingSide::a_side);
    });
    BOOST_TEST(n == 0u, "allocated " << n << " times for \"" << record << '"');
    BOOST_TEST(equal);
    BOOST_TEST(with_record.findings.total() == without_record.findings.total());
    findings += with_record.findings.total();
    (void)attacked;
    (void)analysis;
  }
  BOOST_TEST(findings > 0u);  // some records are illegal positions (no kings, ...)
}

BOOST_AUTO_TEST_CASE(code_tables_never_allocate) {
  std::size_t total = 0;
  const std::size_t n = count_allocations([&] {
    for (const xfen::Code code : xfen::all_codes()) {
      total += xfen::code_name(code).size() + xfen::code_summary(code).size();
      total += xfen::field_name(xfen::code_field(code)).size();
      total += xfen::code_from_name(xfen::code_name(code)) == code ? 1u : 0u;
    }
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(total > 0u);
}

BOOST_AUTO_TEST_CASE(vocabulary_never_allocates) {
  std::size_t total = 0;
  const std::size_t n = count_allocations([&] {
    for (int number = 0; number < xfen::kCapablancaRandomStarts; number += 7) {
      const std::optional<xfen::Position> start = number < xfen::kChess960Starts
                                                      ? xfen::chess960_start(number)
                                                      : xfen::capablanca_random_start(number);
      total += static_cast<std::size_t>(xfen::chess960_number(*start).value_or(0) +
                                        xfen::capablanca_random_number(*start).value_or(0));
      total += xfen::hash_value(*start) % 2;
      for (const auto [square, piece] : xfen::pieces(*start))
        total += xfen::square_name(square).size() + (piece.empty() ? 0u : 1u);
      total += static_cast<std::size_t>(xfen::count(*start, xfen::Piece()));
    }
    total += xfen::square_from_name("e4").has_value() ? 1u : 0u;
    total += xfen::hash_value(xfen::standard_start()) % 2 + xfen::capablanca_start().width;
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(total > 0u);
}

// validate, the builder and format_message: what a program that builds positions by hand and
// reports on them calls, without a heap.
BOOST_AUTO_TEST_CASE(validation_building_and_sentences_never_allocate) {
  using namespace xfen::literals;
  std::size_t total = 0;
  std::array<char, xfen::kMaxMessageSize> sentence{};
  const std::size_t n = count_allocations([&] {
    for (const std::string_view record : kRecords) {
      const auto parsed = xfen::parse(record, kLenient);
      xfen::Position changed = parsed.position;
      changed.en_passant = "d5"_sq;
      const xfen::ValidationResult valid = xfen::validate(changed);
      total += valid.ok() ? 1u : xfen::format_message(valid.error, {}, sentence);
      total += xfen::format_message(parsed.error, record, sentence);
    }
    const xfen::BuildResult built =
        xfen::PositionBuilder(10).put('K', "f1"_sq).put('R', "j1"_sq).castling("K").build();
    const xfen::BuildResult wrong = xfen::PositionBuilder().put('K', "e1"_sq).castling("Q").build();
    total += built.record().size() + xfen::format_message(wrong.error, wrong.record(), sentence);
  });
  BOOST_TEST(n == 0u);
  BOOST_TEST(total > 0u);
}
