#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic relay` (and mosaic.relay): a host stream through the bit-exact link
// layer of a design, with faults. Per-channel BERs come from one source at most: a background BER,
// a simulate report (read by the front end) or the design's own physics.
struct RelayOptions {
  double gbits = 1.0;  // host traffic, Gb (rounded up to whole marker periods)
  std::optional<double> ber;
  std::string phy;  // a `mosaic simulate` report (path; the front end reads it)
  bool physics = false;
  std::vector<TimedFailure> failures;  // deaths at times from the start of the run
  int fail_random = 0;
  int threads = 0;

  static FieldTable<RelayOptions> fields();
  // Every field in its range, and one source of per-channel BERs.
  void validate() const;
};

}  // namespace mosaic::study
