// The distinct disagreements of a generative run: one group per disagreement key, in the order
// the keys were first met, each with its minimal record, the generated record it was shrunk from
// (and its seed and tape, to replay it), and how many generated records fell into it.
//
// A record whose key is already grouped is counted and nothing more: shrinking costs hundreds of
// program calls, and a second minimal record for the same key would be reported as the same
// finding anyway.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certify/generative/disagreement_key.hpp"
#include "certify/generative/record_minimiser.hpp"

namespace xfen::certify {

// Where a disagreeing record came from: the generator's seed and choice tape (the same type as
// generate::Tape, testing/generate/tape.hpp) and the record as it was sent.
struct DisagreementOrigin {
  std::uint64_t seed = 0;
  std::vector<std::uint32_t> tape;
  std::string record;
};

struct DisagreementGroup {
  DisagreementKey key;
  DisagreementOrigin origin;  // the first record met with this key
  Minimised minimal;          // it, shrunk, with what shrinking cost
  std::uint64_t records = 0;  // generated records with this key, the first included
};

class DisagreementGroups {
 public:
  // Counts one disagreeing record. The first of its key opens a group with `shrink()`, called
  // then and only then; a later one adds to the count. Returns the record's group.
  const DisagreementGroup& add(const DisagreementKey& key, const DisagreementOrigin& origin,
                               const std::function<Minimised()>& shrink);

  // The same in two steps, for a run that shrinks after it has generated: counts the record,
  // opening a group (its minimal record still empty) for the first of its key; true then.
  bool count(const DisagreementKey& key, const DisagreementOrigin& origin);
  // The group of `key`, which must have one, and a record to take the place of its first (a run
  // whose answers arrive out of order keeps the first record in generation order).
  std::size_t group_of(const DisagreementKey& key) const { return index_.at(key); }
  void set_origin(std::size_t group, DisagreementOrigin origin) { groups_.at(group).origin = std::move(origin); }
  // The group's first record, shrunk.
  void set_minimal(std::size_t group, Minimised minimal) { groups_.at(group).minimal = std::move(minimal); }

  // Whether `key` has a group already: a record with it would only be counted.
  bool contains(const DisagreementKey& key) const { return index_.contains(key); }

  const std::vector<DisagreementGroup>& groups() const noexcept { return groups_; }  // first seen first
  std::uint64_t records() const noexcept { return records_; }  // every record counted

 private:
  std::vector<DisagreementGroup> groups_;
  std::unordered_map<DisagreementKey, std::size_t> index_;
  std::uint64_t records_ = 0;
};

}  // namespace xfen::certify
