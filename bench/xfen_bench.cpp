// Benchmarks of reading and writing X-FEN records, over the realistic corpus
// corpus/positions/mixed.xfen (random legal games, 8x8 and 10x8; see corpus/positions/README.md).
//
//   build/bench/xfen_bench --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
//
// One iteration handles one record, cycling through the set in file order, so the Time column is
// the time per record; the `time_per_record` counter says the same explicitly. `allocs_per_record` counts global
// operator new calls made inside the timed loop (allocation_counter.cpp) and must be 0.
// XFEN_BENCH_CORPUS, when set, names another corpus file.
//
// BM_pgn_tag_reader is the exception: it reads a PGN collection built in memory (games with tag
// sections, SAN movetext, comments, variations) through the streaming tag reader, in 64 KiB
// chunks as a file would come, and reports bytes per second.

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "allocation_counter.hpp"
#include "pgn/tag_reader.hpp"
#include "xfen/xfen.hpp"

namespace {

struct Corpus {
  std::string path;
  std::vector<std::string> lines;             // every non-empty line, terminator stripped
  std::vector<std::string_view> all;          // every line, for the lenient profile
  std::vector<std::string_view> strict;       // lines strict parsing accepts, in file order
  std::vector<std::string_view> strict_8x8;   // the same, 8x8 boards only
  std::vector<std::string_view> strict_10x8;  // the same, 10x8 boards only
  std::vector<xfen::Position> positions_8x8;  // strict_8x8, parsed
  std::vector<xfen::Position> positions_10x8;
  std::size_t lenient_accepted = 0;
  std::size_t canonical_as_read = 0;  // accepted records that canonical writing leaves unchanged
  std::size_t round_trip_failures = 0;
};

Corpus g_corpus;

std::string corpus_path() {
  if (const char* path = std::getenv("XFEN_BENCH_CORPUS"); path != nullptr && *path != '\0')
    return path;
  return std::string(XFEN_SOURCE_DIR) + "/corpus/positions/mixed.xfen";
}

// Reads the corpus and sorts its records into the sets the benchmarks use; checks, untimed, that
// each accepted record survives a canonical round trip.
bool load_corpus(Corpus& corpus) {
  corpus.path = corpus_path();
  std::ifstream in(corpus.path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "xfen_bench: cannot read %s\n", corpus.path.c_str());
    return false;
  }
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) corpus.lines.push_back(std::move(line));
  }
  if (corpus.lines.empty()) {
    std::fprintf(stderr, "xfen_bench: %s holds no record\n", corpus.path.c_str());
    return false;
  }

  std::size_t shown = 0;
  for (const std::string& line : corpus.lines) {
    const std::string_view text = line;
    corpus.all.push_back(text);
    if (xfen::parse(text, {xfen::Profile::lenient}).ok()) ++corpus.lenient_accepted;
    const xfen::ParseResult result = xfen::parse(text);
    if (!result.ok()) {
      if (shown++ < 5)
        std::fprintf(stderr, "xfen_bench: strict parsing rejects \"%s\": %s at %u\n", line.c_str(),
                     std::string(xfen::code_name(result.error.code)).c_str(),
                     static_cast<unsigned>(result.error.offset));
      continue;
    }
    corpus.strict.push_back(text);
    if (result.position.width == 8) {
      corpus.strict_8x8.push_back(text);
      corpus.positions_8x8.push_back(result.position);
    } else {
      corpus.strict_10x8.push_back(text);
      corpus.positions_10x8.push_back(result.position);
    }

    // Not timed: canonical writing is a fixed point and reads back as the same position.
    std::array<char, xfen::kMaxRecordSize> buffer{};
    const xfen::WriteResult written = xfen::write(result.position, buffer);
    const std::string_view canonical(buffer.data(), written.size);
    if (written.ok() && canonical == text) ++corpus.canonical_as_read;
    const xfen::ParseResult again = xfen::parse(canonical);
    std::array<char, xfen::kMaxRecordSize> buffer2{};
    const xfen::WriteResult rewritten =
        again.ok() ? xfen::write(again.position, buffer2) : xfen::WriteResult{};
    if (!written.ok() || !again.ok() || !(again.position == result.position) || !rewritten.ok() ||
        std::string_view(buffer2.data(), rewritten.size) != canonical) {
      if (corpus.round_trip_failures++ < 5)
        std::fprintf(stderr, "xfen_bench: round trip fails for \"%s\" (wrote \"%.*s\")\n",
                     line.c_str(), static_cast<int>(canonical.size()), canonical.data());
    }
  }
  return true;
}

std::string percent(std::size_t part, std::size_t whole) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.2f%%",
                whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text.data();
}

void add_corpus_context(const Corpus& corpus) {
  const auto count = [](std::size_t n) { return std::to_string(n); };
  benchmark::AddCustomContext("corpus", corpus.path);
  benchmark::AddCustomContext("corpus_records", count(corpus.lines.size()));
  benchmark::AddCustomContext("corpus_strict_accepted",
                              count(corpus.strict.size()) + " (" +
                                  percent(corpus.strict.size(), corpus.lines.size()) + "): 8x8 " +
                                  count(corpus.strict_8x8.size()) + ", 10x8 " +
                                  count(corpus.strict_10x8.size()));
  benchmark::AddCustomContext("corpus_lenient_accepted",
                              count(corpus.lenient_accepted) + " (" +
                                  percent(corpus.lenient_accepted, corpus.lines.size()) + ")");
  benchmark::AddCustomContext("corpus_canonical_as_read",
                              count(corpus.canonical_as_read) + " (" +
                                  percent(corpus.canonical_as_read, corpus.strict.size()) +
                                  " of accepted)");
  benchmark::AddCustomContext("corpus_round_trip_failures", count(corpus.round_trip_failures));
}

// Runs `body` once per iteration on the next item of `items`, cycling, and reports time and heap
// allocations per record.
template <typename Item, typename Body>
void run_per_record(benchmark::State& state, const std::vector<Item>& items, Body body) {
  if (items.empty()) {
    state.SkipWithError("no record in this set");
    return;
  }
  const Item* const first = items.data();
  const std::size_t count = items.size();
  std::size_t index = 0;
  const std::uint64_t allocations_before = xfen_bench::allocation_count();
  for (auto _ : state) {
    body(first[index]);
    if (++index == count) index = 0;
  }
  const std::uint64_t allocations = xfen_bench::allocation_count() - allocations_before;
  const auto iterations = static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());
  state.counters["records"] = static_cast<double>(count);
  // Seconds per record, printed with an SI prefix: "136ns".
  state.counters["time_per_record"] =
      benchmark::Counter(iterations, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["allocs_per_record"] =
      benchmark::Counter(static_cast<double>(allocations), benchmark::Counter::kAvgIterations);
}

enum class Set { board_8x8, board_10x8, mixed };

const std::vector<std::string_view>& strict_records(Set set) {
  switch (set) {
    case Set::board_8x8: return g_corpus.strict_8x8;
    case Set::board_10x8: return g_corpus.strict_10x8;
    case Set::mixed: break;
  }
  return g_corpus.strict;
}

void parse_strict(benchmark::State& state, Set set) {
  run_per_record(state, strict_records(set), [](std::string_view text) {
    xfen::ParseResult result = xfen::parse(text);
    benchmark::DoNotOptimize(result);
  });
}

void parse_lenient(benchmark::State& state) {
  const xfen::ParseOptions options{xfen::Profile::lenient};
  run_per_record(state, g_corpus.all, [&options](std::string_view text) {
    xfen::ParseResult result = xfen::parse(text, options);
    benchmark::DoNotOptimize(result);
  });
}

void write_canonical(benchmark::State& state, Set set) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  const auto& positions = set == Set::board_8x8 ? g_corpus.positions_8x8 : g_corpus.positions_10x8;
  run_per_record(state, positions, [&buffer](const xfen::Position& position) {
    xfen::WriteResult result = xfen::write(position, buffer);
    benchmark::DoNotOptimize(result);
    benchmark::ClobberMemory();
  });
}

void round_trip(benchmark::State& state) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  run_per_record(state, g_corpus.strict, [&buffer](std::string_view text) {
    const xfen::ParseResult parsed = xfen::parse(text);
    xfen::WriteResult result = xfen::write(parsed.position, buffer);
    benchmark::DoNotOptimize(result);
    benchmark::ClobberMemory();
  });
}

BENCHMARK_CAPTURE(parse_strict, 8x8, Set::board_8x8);
BENCHMARK_CAPTURE(parse_strict, 10x8, Set::board_10x8);
BENCHMARK_CAPTURE(parse_strict, mixed, Set::mixed);
BENCHMARK_CAPTURE(write_canonical, 8x8, Set::board_8x8);
BENCHMARK_CAPTURE(write_canonical, 10x8, Set::board_10x8);
BENCHMARK(parse_lenient)->Name("parse_lenient/mixed");
BENCHMARK(round_trip)->Name("parse_write_round_trip/mixed");

// --- the PGN tag reader -----------------------------------------------------------------------

// A PGN collection like the ones people download: 600 games, a dozen tags each (a third of them
// Chess960 games with Variant, SetUp and FEN), 30 to 90 moves of SAN with move numbers, checks,
// captures and castling, clock comments on some moves, a few longer comments, NAGs and
// variations, lines wrapped at 80 columns. Deterministic: the same bytes on every run.
std::string pgn_collection() {
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  const auto next = [&state](std::uint64_t bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state % bound;
  };
  // Appending piece by piece: operator+ on temporaries draws GCC 12's false -Wrestrict (bug 105329).
  const auto cat = [](std::initializer_list<std::string_view> pieces) {
    std::string text;
    for (const std::string_view piece : pieces) text += piece;
    return text;
  };
  const auto number = [](std::uint64_t n) { return std::to_string(n); };
  static constexpr std::string_view kPieces[] = {"", "", "", "N", "B", "R", "Q", "K"};
  static constexpr std::string_view kResults[] = {"1-0", "0-1", "1/2-1/2", "*"};
  static constexpr std::string_view kNames[] = {"Carlsen, Magnus", "Nakamura, Hikaru", "Firouzja, Alireza",
                                         "Caruana, Fabiano", "Ding, Liren", "Nepomniachtchi, Ian"};
  static constexpr std::string_view kComments[] = {
      "{ The only move that keeps the balance. }",
      "{ White had better play for the centre here, with d4 and c4 to follow. }",
      "{ Inaccuracy. Nf3 was best. }"};
  std::string out;
  for (std::uint64_t game = 1; game <= 600; ++game) {
    const std::string_view result = kResults[next(4)];
    const auto tag = [&out, &cat](std::string_view name, std::string_view value) {
      out += cat({"[", name, " \"", value, "\"]\n"});
    };
    tag("Event", cat({"Online Blitz ", number(game % 17)}));
    tag("Site", cat({"https://example.org/game/", number(1000000 + game * 7919)}));
    tag("Date", cat({"2024.0", number(1 + next(9)), ".1", number(next(10))}));
    tag("Round", number(1 + next(11)));
    tag("White", kNames[next(std::size(kNames))]);
    tag("Black", kNames[next(std::size(kNames))]);
    tag("Result", result);
    tag("WhiteElo", number(2500 + next(400)));
    tag("BlackElo", number(2500 + next(400)));
    tag("TimeControl", "180+2");
    if (game % 3 == 0) {
      tag("Variant", "Chess960");
      tag("SetUp", "1");
      tag("FEN", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    } else {
      tag("ECO", cat({"B", number(10 + next(90))}));
    }
    out += "\n";
    std::string line;
    const auto token = [&out, &line](std::string_view text) {
      if (!line.empty() && line.size() + 1 + text.size() > 80) {
        out += line;
        out += '\n';
        line.clear();
      }
      if (!line.empty()) line += ' ';
      line += text;
    };
    const auto move = [&next] {
      if (next(40) == 0) return std::string(next(2) == 0 ? "O-O" : "O-O-O");
      std::string san(kPieces[next(std::size(kPieces))]);
      if (next(4) == 0) {
        if (san.empty()) san += static_cast<char>('a' + next(8));
        san += 'x';
      }
      san += static_cast<char>('a' + next(8));
      san += static_cast<char>('1' + next(8));
      if (next(10) == 0) san += '+';
      return san;
    };
    const std::uint64_t moves = 30 + next(60);
    for (std::uint64_t n = 1; n <= moves; ++n) {
      token(cat({number(n), "."}));
      token(move());
      if (next(3) == 0) token(cat({"{ [%clk 0:0", number(next(3)), ":", number(10 + next(50)), "] }"}));
      token(move());
      if (next(25) == 0) token(kComments[next(std::size(kComments))]);
      if (next(30) == 0) token(cat({"$", number(1 + next(6))}));
      if (next(40) == 0) token(cat({"(", number(n), "... ", move(), " ", move(), ")"}));
    }
    token(result);
    out += line;
    out += "\n\n";
  }
  return out;
}

// Counts what it is told, so that nothing is optimised away; does nothing else.
class CountingHandler : public xfen::pgn::GameHandler {
 public:
  std::uint64_t events = 0;
  void game_begins(const xfen::pgn::GameStart&) override { ++events; }
  void tag(const xfen::pgn::Tag&) override { ++events; }
  void game_ends(const xfen::pgn::GameEnd&) override { ++events; }
  void diagnostic(const xfen::pgn::ReaderDiagnostic&) override { ++events; }
};

void BM_pgn_tag_reader(benchmark::State& state) {
  static const std::string collection = pgn_collection();
  constexpr std::size_t kChunk = 64 * 1024;
  const std::string_view text = collection;
  std::uint64_t games = 0;
  std::uint64_t events = 0;
  const std::uint64_t allocations_before = xfen_bench::allocation_count();
  for (auto _ : state) {
    CountingHandler handler;
    xfen::pgn::TagReader reader(handler);
    for (std::size_t from = 0; from < text.size(); from += kChunk) reader.read(text.substr(from, kChunk));
    reader.finish();
    games = reader.games();
    events = handler.events;
    benchmark::DoNotOptimize(events);
  }
  const std::uint64_t allocations = xfen_bench::allocation_count() - allocations_before;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
  state.counters["collection_bytes"] = static_cast<double>(text.size());
  state.counters["games"] = static_cast<double>(games);
  state.counters["events"] = static_cast<double>(events);
  state.counters["allocs_per_iteration"] =
      benchmark::Counter(static_cast<double>(allocations), benchmark::Counter::kAvgIterations);
}

BENCHMARK(BM_pgn_tag_reader)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  {
    // The counter must see allocations, or allocs_per_record = 0 would mean nothing.
    const std::uint64_t before = xfen_bench::allocation_count();
    std::vector<char> probe(64);
    benchmark::DoNotOptimize(probe.data());
    if (xfen_bench::allocation_count() == before) {
      std::fprintf(stderr, "xfen_bench: the allocation counter does not count\n");
      return 1;
    }
  }
  if (!load_corpus(g_corpus)) return 1;
  add_corpus_context(g_corpus);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
