#include "certify/generative/disagreement_groups.hpp"

namespace xfen::certify {

bool DisagreementGroups::count(const DisagreementKey& key, const DisagreementOrigin& origin) {
  ++records_;
  if (const auto found = index_.find(key); found != index_.end()) {
    ++groups_[found->second].records;
    return false;
  }
  groups_.push_back(DisagreementGroup{key, origin, Minimised{}, 1});
  index_.emplace(key, groups_.size() - 1);
  return true;
}

const DisagreementGroup& DisagreementGroups::add(const DisagreementKey& key, const DisagreementOrigin& origin,
                                                 const std::function<Minimised()>& shrink) {
  if (count(key, origin)) groups_.back().minimal = shrink();
  return groups_[index_.at(key)];
}

}  // namespace xfen::certify
