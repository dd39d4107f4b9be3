#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic {

// A vendor's link-budget sheet for one channel: from the LED's launch through every loss to the
// received power, then from the receiver's noise-only sensitivity through every penalty to the
// sensitivity the statistical eye gives, and the margin between the two. Losses and penalties
// are positive dB; by construction
//   received = launch_nominal + temperature + led_spread - tx - connector - rx - fiber
//              - coupling_spread
//   sensitivity = ideal_infinite_er + extinction_ratio + isi + crosstalk
//   margin = received - sensitivity
// Where a stage's eye cannot reach the target at any power (a floor above it), that stage's
// sensitivity and everything after it are nothing ("unreachable" in the record).
struct ChannelBudget {
  int channel = -1;
  std::string role;  // data, ecc, spare
  bool edge = false;
  double launch_nominal_dbm = 0.0;  // led.launch_power_dbm
  double temperature_db = 0.0;      // LED output droop at the case temperature (<= 0 when hot)
  double led_spread_db = 0.0;       // this pixel's draw of led.power_sigma_db
  double launch_dbm = 0.0;
  double coupling_tx_db = 0.0;
  double connector_db = 0.0;
  double coupling_rx_db = 0.0;
  double fiber_db = 0.0;            // the fiber model's loss at its length (and launch, geometric)
  double coupling_spread_db = 0.0;  // this channel's draw of coupling.sigma_db, edge ring included
  double received_dbm = 0.0;
  // At the KP4 limit (link::kKp4PreFecBer).
  std::optional<double> ideal_infinite_er_dbm;
  std::optional<double> extinction_ratio_db;  // ideal at the design's ER minus the dark-zero one
  std::optional<double> isi_db;               // own pulse and jitter minus the ideal
  std::optional<double> crosstalk_db;         // with neighbours minus without
  std::optional<double> sensitivity_dbm;
  std::optional<double> margin_db;
  // At 1e-12 (the eye the statistical eye calls eye_height_1e12).
  std::optional<double> sensitivity_1e12_dbm;
  std::optional<double> margin_1e12_db;
  // LED ageing over the service life at the case temperature (this pixel's draw), and the margin
  // left after it, the neighbours' ageing left out (the verdict's end of life evaluates it all).
  double ageing_db = 0.0;
  std::optional<double> margin_end_of_life_db;
  double skew_ps = 0.0;
  // The impairment that decides this channel (received power, ISI, crosstalk, noise, skew): for
  // the median channel the largest penalty; for any other what makes it weaker than the median.
  std::string limiting;
  std::string why;  // one line: the terms that differ from the median channel
};

struct LinkBudget {
  double target_ber = link::kKp4PreFecBer;
  ChannelBudget median;  // the active channel of median BER
  ChannelBudget worst;   // the weakest channel of least margin (weakest.front())
  // The active channels of worst BER, least margin first.
  std::vector<ChannelBudget> weakest;
  // When asked: every active channel, in channel order, each explained against the median as
  // the weakest are (the same rows: the median's and the weakest's are among them).
  std::vector<ChannelBudget> every;
  std::vector<std::string> assumptions;
};

// How many of the weakest active channels get a budget row and an explanation line: those the
// link's optical margin searches, so that the budget's worst channel is the margin's.
inline constexpr int kBudgetWeakestChannels = phy::kMarginCandidates;

// The link budget of an evaluated design: the median and worst active channels and the weakest
// few, each from the statistical eye with impairments peeled off (phy/sensitivity.hpp).
// Nothing when no channel is active.
// `ev`: the evaluator `phy` came from (no extra loss), whose pulse responses are reused.
std::optional<LinkBudget> link_budget(phy::LinkEvaluator& ev, const phy::PhyResult& phy,
                                      const link::LaneAssignment& lanes, int threads = 0,
                                      bool every_channel = false);

}  // namespace mosaic
