#pragma once

#include <span>

namespace mosaic::phy::mc {

class EyeHistogram;

// Everything between a counted channel's photodiode and its decisions, one variant per Monte
// Carlo mode (waveform_receiver.hpp, symbol_receiver.hpp): a composite that only wires blocks,
// its inputs (the sources' light or bits) connected when it is built.
class ReceivePath {
 public:
  virtual ~ReceivePath() = default;

  // Decides one segment's bits (kSegmentBits x kLanes, the bits first_bit() on of the segment);
  // hands the received waveform, where there is one, to `eye` if given.
  void process(std::span<float> decisions, EyeHistogram* eye) { receive(decisions, eye); }
  void reset() { restart(); }
  long first_bit() const { return decided_from(); }

 private:
  virtual void receive(std::span<float> decisions, EyeHistogram* eye) = 0;
  virtual void restart() = 0;
  virtual long decided_from() const = 0;
};

}  // namespace mosaic::phy::mc
