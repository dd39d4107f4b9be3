#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/link/fault_schedule.hpp"
#include "mosaic/link/session.hpp"

namespace mosaic::record {

enum class SessionJson {
  kCounters,  // counters and counts only (the cable's live `stats`)
  kEvents,    // and every event: swaps, lock events, spares exhausted, map-outs
};

// The one vocabulary of a link session, written alike into `mosaic relay --json` and into each
// direction of the `mosaic cable` summary: ECC counters (ecc_*, flagged_rows), the host FEC
// outcome (host_fec, fec_codewords*, codeword_error_ratio, silent_codewords), the link state
// (link_state, worst_link_state, link_state_reasons, periods*), spares and swaps (swap_count,
// spares_left, spares_exhausted_count, the thresholds, map-outs) and, with kEvents, the events
// with their times in link seconds (time_s) and periods.
nlohmann::json session_to_json(const link::SessionStats& stats,
                               SessionJson detail = SessionJson::kEvents);

// Channel deaths as [{channel, time_s}] (the times on the schedule's own clock).
nlohmann::json deaths_to_json(const link::FaultSchedule& deaths);

}  // namespace mosaic::record
