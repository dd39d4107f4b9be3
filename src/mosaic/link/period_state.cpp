#include "mosaic/link/period_state.hpp"

namespace mosaic::link {

PeriodState period_state(const RxPeriodReport& report, bool host_codewords_lost,
                         const LinkConfig& config) {
  PeriodState s;
  if (host_codewords_lost) s.reasons |= kReasonCodewordsLost;
  if (report.lanes_without_spare > 0) s.reasons |= kReasonNoSpare;
  if (report.erased_lanes > 0) s.reasons |= kReasonErasures;
  const double data_bits = double(config.payload_bits()) * config.data_lanes;
  const double estimated_ber = 2.0 * double(report.ecc.uncorrectable_bit_times) / data_bits;
  if (estimated_ber > config.degraded_ber) s.reasons |= kReasonResidualBer;
  s.state = host_codewords_lost ? LinkState::kDown
            : s.reasons         ? LinkState::kDegraded
                                : LinkState::kUp;
  return s;
}

}  // namespace mosaic::link
