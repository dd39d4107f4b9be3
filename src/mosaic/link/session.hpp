#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/events.hpp"
#include "mosaic/link/fault_schedule.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/receiver.hpp"
#include "mosaic/link/transmitter.hpp"

namespace mosaic::link {

// What one physical channel did from link-up on (the cheap per-period increments of Session::step;
// events per channel are counted from the events themselves when written out).
struct ChannelCounters {
  std::uint64_t bits_carried = 0;         // payload bits decoded from it while it carried a lane
  std::uint64_t bit_errors_injected = 0;  // flips the channel model made, training included
  std::uint64_t ecc_corrected_bits = 0;   // bits the cross-channel ECC corrected on it
  std::int64_t periods_carrying = 0;      // data periods decoded with it carrying a lane
  std::uint64_t locks_gained = 0, locks_lost = 0;  // its receiver port's, link-up included
  std::uint64_t swapped_out = 0, swapped_in = 0;   // lane swaps away from it and onto it
  int lane = -1;  // frame slot it carries after the last period decoded; -1: none (spare, retired)
};

// Link state and ECC corrections over time, in bins of whole data periods. The bins start one
// period long; when kMaxBins are full, neighbours merge pairwise and every later bin is twice as
// long, so a run of any length keeps between kMaxBins / 2 and kMaxBins bins (the last one may be
// partly filled) and the record stays bounded.
struct Timeline {
  static constexpr std::size_t kMaxBins = 512;
  struct Bin {
    std::int64_t first_period = 0;  // data period, 0 = the first after link-up
    std::int64_t periods = 0;
    std::int64_t periods_degraded = 0;
    std::int64_t periods_down = 0;
    LinkState worst = LinkState::kUp;
    std::uint64_t ecc_corrected_bits = 0;
    std::uint64_t codewords_lost = 0;  // host FEC codewords completed in the bin and lost
  };
  std::int64_t periods_per_bin = 1;
  std::vector<Bin> bins;

  void add(LinkState state, std::uint64_t corrected_bits, std::uint64_t codewords_lost);
};

// The running statistics and typed events (STYLE.md 13) of one Session from link-up on: what the
// relay's result and each direction of the cable expose, and what record::session_to_json writes
// for both. Counters cover the data periods decoded so far.
struct SessionStats {
  std::string host_fec;  // link.host_fec: the code the host FEC counts are for
  int host_fec_t = 0;    // its t: symbol errors it corrects per codeword
  // Link-up.
  std::vector<int> mapped_out;  // channels left out at link-up (ascending)
  std::vector<MapOutEvent> mapped_out_why;
  std::uint64_t mapout_threshold_errors = 0;  // training errors that map a channel out
  std::uint64_t swap_threshold_errors = 0;    // corrected errors per swap window that swap a lane
  int spares_left = 0;  // spares that passed training at link-up, less the swaps since
  // Data periods.
  std::int64_t periods = 0;
  std::int64_t periods_degraded = 0;
  std::int64_t periods_down = 0;
  std::uint64_t ecc_corrected_bits = 0;
  std::uint64_t ecc_uncorrectable_bit_times = 0;
  std::uint64_t flagged_rows = 0;          // 64-bit-time frame rows the link flagged
  HostFecOutcome fec;                      // as the driver's host end judged the delivered periods
  LinkState link_state = LinkState::kUp;   // of the last period decoded
  LinkState worst_state = LinkState::kUp;  // over the periods decoded
  unsigned state_reasons = 0;              // StateReason bits seen
  std::vector<SwapEvent> swaps;
  std::vector<LockEvent> locks;
  std::vector<SpareExhaustedEvent> spares_exhausted;
  std::vector<std::uint64_t> corrected_per_channel;  // ECC-corrected bits per physical channel
  std::vector<ChannelCounters> channel_counters;     // per physical channel
  Timeline timeline;
  double period_s = 0.0;   // one marker period, seconds of link time
  double link_up_s = 0.0;  // link time at the end of training: data period 0 starts there
};

// One decoded data period as it reaches the host end.
struct DeliveredPeriod {
  std::int64_t index = 0;                 // data period, 0 = the first after link-up
  std::span<const std::uint64_t> words;   // host words out (host_words_per_period())
  std::span<const std::uint64_t> sent;    // the host words that went in for the same period
  std::span<const std::uint8_t> flagged;  // per host word: 1 where the link flagged its bits
  bool any_flagged = true;                // false: every entry of `flagged` is 0
  const RxPeriodReport* report = nullptr;
};

// The driver's host end: takes a delivered period (checks it, frames it, hands it on) and returns
// what its host FEC made of the codewords the period completed. Lost codewords make the period
// `down` (period_state).
using HostEnd = std::function<HostFecOutcome(const DeliveredPeriod&)>;

// One direction of a link from link-up on: Transmitter (gearbox, cross-channel ECC, lane map,
// markers) -> ChannelModel (errors, faults) -> Receiver (lock, deskew, ECC, spare swaps), the
// swap requests looped back through a one-period reverse path (the time the reverse direction's
// markers take to carry them), the link state of every period, the statistics and the events.
// The relay drives it in batch (a host stream of known length, then a prediction); the cable
// drives it live (frames in and out, faults as they are asked for). Both see the same Session:
// the same link-up, the same step, the same counters.
//
// step() runs one marker period: the host words of host_in() go in, and the period before it
// comes out (the receiver decodes a period once the next has arrived), so the words of the last
// data period need one more step to come out. Link time is the count of periods run.
class Session {
 public:
  enum class LinkUp {
    kTrain,     // training periods, then the lane map chosen from what they measured
    kIdentity,  // no training: lane i on the i-th channel (for tests)
  };

  // Builds the ends and the channels (the channel model keyed by `seed`), then brings the link up.
  Session(const LinkConfig& config, FaultPlan faults, std::uint64_t seed,
          LinkUp link_up = LinkUp::kTrain);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Where the host words of the next period go (host_words_per_period()); fill, then step().
  std::span<std::uint64_t> host_in() { return sent_[data_period() % 2]; }
  // Runs one period with the words of host_in(); `host_end` gets the period that came out, if a
  // data period did (it may be empty: then nothing is counted as lost).
  void step(const HostEnd& host_end);
  // The same with the words given (copied into host_in()).
  void step(std::span<const std::uint64_t> host, const HostEnd& host_end);

  // Periods in which the channels change no bit (no error drawn, no failure or burst, no skew or
  // reordering) and neither end has anything to change (every port locked, no swap under way) are
  // the identity: with this on, such a period after another is counted through the same
  // bookkeeping but its bits are not run through the transmitter, channels and receiver, and its
  // words out are the words sent. The periods, frames, counters and events are the same as with
  // it off (tests/cable/test_clean_periods.cpp); a period that must run after skipped ones first
  // has the last skipped one written after all. Off by default: the relay measures the bit path.
  void set_skip_clean_periods(bool on) { skip_clean_ = on; }
  // Periods whose bits were not run.
  std::int64_t periods_skipped() const { return periods_skipped_; }

  // A fault at event.time_s in link time: deaths and skew steps from that bit on, BER changes
  // from the first period starting at or after it. Channels must be in range (the caller checks
  // user input: a skew within link.max_skew_ui, a BER in [0, 0.5]).
  void schedule(const FaultEvent& event);
  // A fault from the next period on, whatever event.time_s says (live injection).
  void inject(FaultEvent event);

  const LinkConfig& config() const { return config_; }
  const HostFec& host_fec() const { return *host_fec_; }
  const SessionStats& stats() const {
    add_carried();
    return stats_;
  }
  const Receiver& receiver() const { return rx_; }
  const ChannelModel& channels() const { return channels_; }
  int training_periods() const { return training_; }
  // Periods run, training included, and data periods sent so far.
  std::int64_t period() const { return channels_.periods_processed(); }
  std::int64_t data_period() const { return period() - training_; }
  // Link time just before the next period: a fault at now_s() takes its first bit.
  double now_s() const;
  // Channels carrying lanes at link-up that had locked in training (ascending): the channels a
  // random death can take.
  std::vector<int> channels_in_service() const;

 private:
  void bring_up(LinkUp link_up);
  void apply_ber(const FaultEvent& event);
  void account(const RxPeriodReport& report, const HostFecOutcome& fec);
  // The per-channel counters after a period; `decoded`: a data period came out of it.
  void update_channels(bool decoded);
  // A skipped period changes no channel counter but the lanes' bits carried: those are added
  // here, before the lane map can change and whenever the counters are read.
  void add_carried() const;
  // Adds the swaps and lock events the receiver logged past the counts given to the channels'.
  void count_events(std::size_t swaps_seen, std::size_t locks_seen);

  LinkConfig config_;  // first: the ends below keep a pointer to it
  std::unique_ptr<HostFec> host_fec_;
  Transmitter tx_;
  ChannelModel channels_;
  Receiver rx_;
  int training_ = 0;
  std::vector<int> lane_channels_;      // channel_of_slot at link-up
  std::vector<std::uint64_t> out_;      // the wires are the channel model's and receiver's buffers
  std::vector<std::uint64_t> sent_[2];  // host words of the last two data periods
  std::vector<std::uint8_t> flag_;
  bool flag_set_ = false;  // some flag_ entry is 1
  bool skip_clean_ = false;
  bool previous_clean_ = false;    // the period run last changed no bit
  bool skipped_previous_ = false;  // and its bits were not run
  std::int64_t periods_skipped_ = 0;
  struct InFlight {
    std::int64_t deliver;
    SwapMessage message;
  };
  std::deque<InFlight> reverse_;
  std::vector<FaultEvent> pending_ber_;  // BER changes waiting for their period, by time
  mutable SessionStats stats_;
  mutable std::int64_t carried_unadded_ = 0;  // skipped periods not yet in the lanes' counters
};

}  // namespace mosaic::link
