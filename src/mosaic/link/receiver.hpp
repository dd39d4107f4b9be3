#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/link/channel_ecc.hpp"
#include "mosaic/link/events.hpp"
#include "mosaic/link/gearbox.hpp"
#include "mosaic/link/lane_map.hpp"
#include "mosaic/link/marker.hpp"

namespace mosaic::link {

// What the receiver did with one marker period.
struct RxPeriodReport {
  std::int64_t period = -1;  // the period decoded (one behind the period just received)
  bool data = false;         // a data period (host words written), not training
  EccDecodeStats ecc;
  bool all_rows_flagged = false;  // the link could not vouch for any bit of the period
  int erased_lanes = 0;           // lanes decoded as erasures (failing, waiting for a spare)
  int lanes_without_spare = 0;    // failing lanes left in service because no spare was left
};

// Receive end: marker lock per port, deskew, reordering by channel identity, ECC correction with
// BIP-16 erasure hints, per-channel error counters, gearbox back to the host stream, and the
// receive half of the swap protocol (threshold, spare choice, request, switch at the boundary).
//
// Deskew: received periods go into a two-period ring per port. Period m is decoded once period
// m + 1 has arrived, reading each port from its own lock offset (0..max_skew_bits) so that the
// channels line up by marker sequence number; the closing marker of m (the opening one of m + 1)
// carries the BIP-16 that checks the period. A port locks when the sync pattern, its identity and
// the expected sequence number appear in two consecutive markers at the same offset; it loses lock
// (and searches again) when its opening marker goes missing, so a skew step is absorbed after at
// most one period while the ECC masks the channel.
class Receiver {
 public:
  explicit Receiver(const LinkConfig& config);

  // Bit errors tolerated in the 36 known bits of a locked port's marker. A dead (all-zero) or
  // stuck (all-one) channel differs from every marker in at least 6 of them (the sync pattern has
  // six ones and six zeros), so 5 is the most that still tells a failed channel; at BER 2.4e-4 a
  // healthy marker has more than 5 errors with probability 3.7e-16 (docs/link.md).
  static constexpr int kMarkerTolerance = 5;

  // Data periods start at `first_data_period`; earlier periods are training.
  void set_lane_map(const LaneMap& map, std::int64_t first_data_period);
  // A received period (wire format of Transmitter) is written straight into the receiver's own
  // buffer, next_wire() (a period of wire words; it holds the period received two before, which
  // has been decoded), then appended by process_written(). Returns true when the previous period
  // was a data period, decoded into `host` (host_words_per_period() words).
  std::span<std::uint64_t> next_wire();
  // The period appended last (valid once one has been).
  std::span<const std::uint64_t> previous_wire() const;
  bool process_written(std::span<std::uint64_t> host);
  // Whether the next data period to decode would change nothing but its counters if it and the
  // next came through unchanged: every port locked with its last marker seen, every lane on a
  // port, no swap pending or requested.
  bool clean_ready() const;
  // process_written() for a period appended unchanged (as sent) when clean_ready(): the same
  // report, counters and swap window, without the period's bits. Its host words are the ones
  // sent, so the caller keeps them; the ring slot is left unwritten (previous_wire_to_redo()).
  void process_clean();
  // The slot of the period appended last, to write it after all when it was skipped.
  std::span<std::uint64_t> previous_wire_to_redo();
  void reset();

  const RxPeriodReport& last() const { return last_; }
  // Swap requests issued by the last process() call, for the reverse direction.
  std::vector<SwapMessage> take_requests();
  std::span<const TrainingMeasurement> training() const { return training_; }
  const std::vector<SwapEvent>& swaps() const { return swaps_; }
  const std::vector<LockEvent>& locks() const { return locks_; }
  const std::vector<SpareExhaustedEvent>& exhausted() const { return exhausted_; }
  // Corrected errors per swap window from which a lane is swapped (LinkConfig::swap_threshold).
  std::uint64_t swap_threshold() const { return swap_threshold_; }
  // Corrected bits per physical channel since reset.
  const std::vector<std::uint64_t>& corrected_per_channel() const { return corrected_channel_; }
  const std::vector<int>& channel_of_slot() const { return channel_of_slot_; }
  int port_offset_ui(int port) const { return ports_[port].offset; }

 private:
  struct Port {
    bool locked = false;
    int offset = 0;    // bits after the nominal period start where the marker sits
    int channel = -1;  // identity read from its markers
    int bad = 0;       // consecutive opening markers missing at the lock offset
  };
  struct Pending {
    int spare;
    std::int64_t boundary;
    std::int64_t decided;
    std::uint32_t count;
    bool acknowledged;
    Verdict reason;
  };

  std::uint64_t bits_at(int port, std::int64_t bit) const;
  // The 64 bits of a port that start `sh` bits into ring row r (row r + 1 wraps to 0); rows
  // = 2 x words_per_period.
  std::uint64_t ring_word(std::int64_t r, std::int64_t rows, int port, int sh) const {
    const std::size_t n = config_->physical_channels;
    const std::int64_t r1 = r + 1 == rows ? 0 : r + 1;
    return (ring_[r * n + port] >> sh) | ((ring_[r1 * n + port] << 1) << (63 - sh));  // sh 0: lo
  }
  bool marker_ok(int port, std::int64_t period, int offset, int channel, AlignmentMarker* out,
                 bool acquire = false) const;
  // Whether the port's marker of `period` sits at another offset within the deskew range (a skew
  // step the next lock update will follow), rather than being gone.
  bool marker_moved(int port, std::int64_t period) const;
  void track_lock(int port, std::int64_t m);
  void decode_period(std::int64_t m, std::span<std::uint64_t> host);
  // Known failing lanes (suspect, waiting for a spare, failed this period) become erasures for
  // the ECC; counts them and the lanes left without a spare.
  void mark_erasures();
  // The end of decode_period(): the period's flags and the corrected counts.
  void finish_period(bool lost);
  // Every locked port against the training pattern (link-up); data periods measure the spares
  // in decode_period.
  void measure_training(std::int64_t m);
  // A spare's errors over one period's payload, toward its swap-window count.
  void add_spare_errors(int channel, std::uint64_t errors, bool markers_lost);
  void read_management(std::int64_t m);
  void apply_swaps(std::int64_t m);
  void decide_swaps(std::int64_t m);
  // Clears the swap window's counts when period m is its last.
  void end_swap_window(std::int64_t m);
  double time_of(std::int64_t period) const { return period * config_->period_s(); }

  const LinkConfig* config_;
  Gearbox gearbox_;
  ChannelEcc ecc_;
  std::vector<std::uint64_t> ring_;       // 2 periods x words_per_period rows x channels
  std::vector<std::uint64_t> frame_;      // rows that need correction, in arrival order
  std::vector<std::uint64_t> row_;        // the row being gathered
  std::vector<int> dirty_rows_;           // frame row of each row in frame_
  std::vector<std::uint64_t> dirty_syn_;  // their syndromes (ChannelEcc::syndromes)
  std::vector<Port> ports_;
  std::vector<int> port_of_channel_;
  std::vector<int> channel_of_slot_;
  std::vector<int> slot_of_channel_;  // -1 spare, -2 retired
  std::vector<std::uint16_t> candidates_;
  std::vector<std::uint32_t> corrected_slot_;  // this period
  std::vector<std::uint32_t> window_slot_;     // this swap window
  std::vector<std::uint64_t> spare_errors_;    // this swap window, per channel
  std::vector<std::uint8_t> failed_;    // slot's channel lost lock or its markers this period
  std::vector<std::uint8_t> suspect_;   // slot is a known failing lane (erasure)
  std::vector<std::uint8_t> no_spare_;  // failing lane left in service, no spare was left
  std::vector<Pending> pending_;        // per slot; spare < 0 when none
  std::vector<std::uint8_t> reserved_;  // spare channel promised to a pending swap
  std::vector<std::uint64_t> corrected_channel_;
  std::vector<TrainingMeasurement> training_;
  std::vector<SwapMessage> requests_;
  std::vector<SwapEvent> swaps_;
  std::vector<LockEvent> locks_;
  std::vector<SpareExhaustedEvent> exhausted_;
  std::vector<std::uint64_t> acc_;
  // Where a port's payload of the period being decoded starts in the ring (deskew + reorder by
  // identity); `slot` is its frame slot, or for a spare its first word in spare_diff_.
  struct Source {
    int slot, port, sh;
    std::int64_t row;
    std::size_t at;  // ring index of the first word: row * channels + port
  };
  std::vector<Source> spare_ports_;        // the spares measured in the period being decoded
  std::vector<std::uint64_t> spare_diff_;  // spares' received ^ expected training words
  RxPeriodReport last_;
  std::int64_t received_ = 0;  // periods appended
  // The last period was a clean one that changed no state but counters (process_clean).
  bool clean_steady_ = false;
  std::int64_t first_data_ = 0;
  std::uint64_t swap_threshold_ = 0;
};

}  // namespace mosaic::link
