// SPEC R16.7: Position::at and put check their square with assert where NDEBUG is not defined.
// This file is compiled with NDEBUG undefined whatever the build type (tests/CMakeLists.txt), and
// each out-of-grid access runs in a child process that must die of the assertion's SIGABRT.
#define BOOST_TEST_MODULE position_access
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

#include "xfen/position_value.hpp"

#ifdef NDEBUG
#error "position_access_test must be compiled with assertions on"
#endif

namespace {

// Whether `access` aborts: run in a child, so that the test survives it.
template <typename Access>
bool aborts(Access access) {
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    // The assertion's message is expected; keep it out of the test's output.
    if (std::freopen("/dev/null", "w", stderr) == nullptr) _exit(3);
    // Boost.Test's handler, inherited from the parent, would catch the abort.
    std::signal(SIGABRT, SIG_DFL);
    access();
    _exit(0);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child) return false;
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

constexpr xfen::Square kOffGrid[] = {
    xfen::make_square(12, 3),  // would alias c5
    xfen::make_square(10, 7),  // past the board's storage
    xfen::make_square(-1, 0), xfen::make_square(0, 8), xfen::make_square(0, -1)};

}  // namespace

BOOST_AUTO_TEST_CASE(squares_off_the_grid_abort) {
  for (const xfen::Square square : kOffGrid) {
    BOOST_TEST_CONTEXT(int{square.file} << "," << int{square.rank}) {
      BOOST_TEST(aborts([square] {
        xfen::Position position;
        position.put(square, xfen::Piece::from_letter('Q'));
      }));
      BOOST_TEST(aborts([square] {
        const xfen::Position position;
        if (position.at(square).empty()) _exit(5);
      }));
    }
  }
}

// Every square of the 10×8 grid is addressable, also beyond an 8-file board's width (validate,
// not at/put, says a piece there makes the position invalid).
BOOST_AUTO_TEST_CASE(every_square_of_the_grid_is_addressable) {
  BOOST_TEST(!aborts([] {
    xfen::Position position;
    for (int rank = 0; rank < xfen::kRanks; ++rank)
      for (int file = 0; file < xfen::kMaxFiles; ++file) {
        position.put(xfen::make_square(file, rank), xfen::Piece::from_letter('N'));
        if (position.at(xfen::make_square(file, rank)).empty()) _exit(4);
      }
  }));
}
