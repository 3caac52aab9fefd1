// A property that aborts on purpose on every 10-file position, for crash_report_test.py: the run
// must die naming the property and the record, as it must when the library crashes inside one.
#define BOOST_TEST_MODULE property_crash_target
#include <rapidcheck/boost_test.h>

#include <cstdlib>

#include "rapidcheck_choices.hpp"

RC_BOOST_PROP(aborts_on_ten_files, (const xfen::Position& p)) {
  if (p.width == 10) std::abort();
}
