// The records one streaming process has been sent and not yet answered, oldest first: a ring of
// at most `capacity` slots whose strings are reused, so that a long run allocates nothing per
// record once the ring has grown.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace xfen::certify {

struct InFlight {
  std::uint64_t index = 0;
  std::string record;
  std::uint64_t end = 0;  // offset in the process's input just past the record's '\n'
};

class InFlightQueue {
 public:
  explicit InFlightQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity_; }
  std::size_t size() const { return size_; }

  // The new last slot, holding whatever an earlier record left in it. Not when full().
  InFlight& push() {
    if (size_ == slots_.size()) grow();
    InFlight& slot = slots_[(head_ + size_) % slots_.size()];
    ++size_;
    return slot;
  }
  void drop_last() { --size_; }

  InFlight& front() { return slots_[head_]; }
  InFlight& at(std::size_t i) { return slots_[(head_ + i) % slots_.size()]; }
  void pop() {
    head_ = (head_ + 1) % slots_.size();
    --size_;
  }
  void clear() { head_ = size_ = 0; }

 private:
  // Grows by doubling up to the capacity, so a run that never has many records in flight never
  // pays for the capacity.
  void grow() {
    std::rotate(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_), slots_.end());
    head_ = 0;
    slots_.resize(std::min(capacity_, std::max<std::size_t>(16, 2 * slots_.size())));
  }

  std::size_t capacity_;
  std::vector<InFlight> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace xfen::certify
