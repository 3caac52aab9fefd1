// Fuzz target `differential`: the strict parser and canonical writer against simple_model, an
// independent and deliberately naive reading of docs/SPEC.md R1-R7 that shares no code with src/.
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang":
//   - the core and the model agree on whether the record is accepted;
//   - on rejection they agree on the field of the error, on its code and on its offset (R1-R6
//     define all three; each disagreement is its own law, so a report names what differs);
//   - on acceptance the canonical records (R7) are byte-identical.
// "expected" in a report is the model, "actual" the core.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "simple_model.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "differential";

std::string describe_core(const ParseResult& read, std::string_view input) {
  if (read) return "accept";
  return "reject " + std::string(field_name(code_field(read.error.code))) + " " +
         fuzz::describe(read.error, input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::as_text(data, size);
  const ParseResult core = parse(input);
  const simple_model::Verdict model = simple_model::read_strict(std::string(input));

  if (core.ok() != model.accepted)
    fuzz::law_broken(kTarget, "the core and the model agree on accept/reject", input,
                     simple_model::describe(model), describe_core(core, input));

  if (!core.ok()) {
    if (field_name(code_field(core.error.code)) != model.field)
      fuzz::law_broken(kTarget, "the core and the model agree on the field of the error", input,
                       simple_model::describe(model), describe_core(core, input));
    if (code_name(core.error.code) != model.code)
      fuzz::law_broken(kTarget, "the core and the model agree on the error code", input,
                       simple_model::describe(model), describe_core(core, input));
    if (core.error.offset != model.offset)
      fuzz::law_broken(kTarget, "the core and the model agree on the error offset", input,
                       simple_model::describe(model), describe_core(core, input));
    return 0;
  }

  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(core.position, buffer);
  if (!written)
    fuzz::law_broken(kTarget, "an accepted position can be written canonically", input,
                     simple_model::describe(model), fuzz::describe(written.error, ""));
  const std::string_view canonical(buffer.data(), written.size);
  if (canonical != model.canonical)
    fuzz::law_broken(kTarget, "the core and the model write the same canonical record", input,
                     model.canonical, std::string(canonical));
  return 0;
}
