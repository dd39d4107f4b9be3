#pragma once

#include <string>
#include <vector>

#include "mosaic/core/schema/builders.hpp"

namespace mosaic::study {

inline constexpr int kMaxThreads = 1024;

// Worker threads of a study: never a result's ingredient (1 thread and 64 give the same bits).
template <class Owner>
Field<Owner> threads_field(int Owner::*member, std::string doc = {}) {
  return schema::integer<Owner>(
      "threads", member, 0, kMaxThreads, "",
      doc.empty() ? "Worker threads (0 = all cores); results do not depend on it" : doc);
}

// A channel death at a time: `CH@SECONDS`.
struct TimedFailure {
  bool operator==(const TimedFailure&) const = default;
  int channel = 0;
  double time_s = 0.0;
};

// An item of a channel list: "N", or a range "A-B" with both ends included. The design decides
// the largest index; the study checks it against the array.
struct ChannelRange {
  bool operator==(const ChannelRange&) const = default;
  int first = 0;
  int last = 0;
};
ChannelRange parse_channel_range(const std::string& text, const FieldInfo& field);
std::string format_channel_range(const ChannelRange& r);
// The channels of a list, in order, each checked to lie below `pixels` before any range is
// expanded (so that "0-2000000000" costs nothing); a list of more than `pixels` channels in all
// is refused. `field` names the list in errors.
std::vector<int> expand_channels(const std::vector<ChannelRange>& items, const FieldInfo& field,
                                 int pixels);

// "CH@SECONDS" with CH >= 0 and SECONDS finite and >= 0 (the study checks both against the
// design and the run's length).
TimedFailure parse_timed_failure(const std::string& text, const FieldInfo& field);
std::string format_timed_failure(const TimedFailure& f);

}  // namespace mosaic::study
