#include "certify/generative/disagreement_groups.hpp"

namespace xfen::certify {

const DisagreementGroup& DisagreementGroups::add(const DisagreementKey& key, const DisagreementOrigin& origin,
                                                 const std::function<Minimised()>& shrink) {
  ++records_;
  if (const auto found = index_.find(key); found != index_.end()) {
    DisagreementGroup& group = groups_[found->second];
    ++group.records;
    return group;
  }
  groups_.push_back(DisagreementGroup{key, origin, shrink(), 1});
  index_.emplace(key, groups_.size() - 1);
  return groups_.back();
}

}  // namespace xfen::certify
