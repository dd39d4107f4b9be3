#pragma once

#include "mosaic/link/events.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/receiver.hpp"

namespace mosaic::link {

struct PeriodState {
  LinkState state = LinkState::kUp;
  unsigned reasons = 0;  // StateReason bits
};

// What one decoded period means for the host: down while its FEC loses codewords; degraded while
// the link leans on erasures or has no spare for a failing lane, or while its own estimate of the
// post-ECC BER (a flagged bit time holds at least two wrong bits) is above link.degraded_ber; up
// otherwise. The relay and the cable judge every period by this one rule.
PeriodState period_state(const RxPeriodReport& report, bool host_codewords_lost,
                         const LinkConfig& config);

}  // namespace mosaic::link
