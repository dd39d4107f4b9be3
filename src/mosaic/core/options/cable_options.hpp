#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// A channel death at a wall-clock time after link-up, in one direction of the cable or both:
// `[ab:|ba:]CH@SECONDS`.
struct DirectedFailure {
  bool operator==(const DirectedFailure&) const = default;
  int channel = 0;
  double time_s = 0.0;
  bool a_to_b = true;
  bool b_to_a = true;
};
DirectedFailure parse_directed_failure(const std::string& text, const FieldInfo& field);
std::string format_directed_failure(const DirectedFailure& f);

// CoDel's target on the cable's ingress queue unless told (docs/cable.md, "Performance": the
// lowest that kept iperf3 above 5 Gb/s on the 2-core machine, with the frames' median delay in
// the emulator at 140-152 us).
inline constexpr double kDefaultIngressTargetUs = 50.0;

// The options of `mosaic cable`: two TAP interfaces joined through the bit-exact link layer.
struct CableOptions {
  std::string a;  // TAP interface of end A
  std::string b;  // TAP interface of end B
  std::optional<double> ber;
  std::string phy;            // a `mosaic simulate` report (path; the front end reads it)
  bool physics = false;       // per-channel BERs and skews from evaluating the design first
  bool full_periods = false;  // run the bits of error-free periods too
  double ingress_target_us = kDefaultIngressTargetUs;  // CoDel on the ingress queue; 0: none
  std::vector<DirectedFailure> failures;
  int fail_random = 0;
  double fail_random_start_s = 0.0;
  double fail_random_over_s = 0.0;
  std::string stats_socket;  // Unix socket for live counters and control ("" = none)

  static FieldTable<CableOptions> fields();
  // Every field in its range, two distinct interfaces, one source of per-channel BERs.
  void validate() const;
};

}  // namespace mosaic::study
