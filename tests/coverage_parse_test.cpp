// Parser paths that no conformance vector can reach (found by scripts/coverage.sh).
#define BOOST_TEST_MODULE coverage_parse_test
#include <boost/test/unit_test.hpp>

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "xfen/xfen.hpp"

namespace {

// Address space for `size` bytes that may not be read: a read of any of them crashes the test.
class UnreadableBytes {
 public:
  explicit UnreadableBytes(std::size_t size)
      : size_(size),
        data_(mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) {}
  ~UnreadableBytes() {
    if (ok()) munmap(data_, size_);
  }
  UnreadableBytes(const UnreadableBytes&) = delete;
  UnreadableBytes& operator=(const UnreadableBytes&) = delete;

  bool ok() const { return data_ != MAP_FAILED; }
  std::string_view view() const { return {static_cast<const char*>(data_), size_}; }

 private:
  std::size_t size_;
  void* data_;
};

}  // namespace

// Diagnostics carry 32-bit offsets, so a record of 2^32 - 1 bytes or more is refused as a whole,
// with record.too-long at offset 0, in both profiles and before any byte is read (reading one
// would crash here).
BOOST_AUTO_TEST_CASE(record_of_4_gib_is_refused_unread) {
  constexpr std::size_t kSize = std::numeric_limits<std::uint32_t>::max();
  const UnreadableBytes bytes(kSize);
  BOOST_TEST_REQUIRE(bytes.ok(), "cannot reserve 4 GiB of address space");
  for (const xfen::Profile profile : {xfen::Profile::strict, xfen::Profile::lenient}) {
    BOOST_TEST_CONTEXT("profile " << static_cast<int>(profile)) {
      const xfen::ParseResult result = xfen::parse(bytes.view(), {.profile = profile});
      BOOST_TEST(!result.ok());
      BOOST_TEST(std::string(xfen::code_name(result.error.code)) == "record.too-long");
      BOOST_TEST(result.error.offset == 0u);
      BOOST_TEST(result.warnings.total() == 0u);
    }
  }
}
