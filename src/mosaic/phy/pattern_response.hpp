#pragma once

#include <span>
#include <vector>

#include "mosaic/phy/led_slot_light.hpp"

namespace mosaic::phy {

// The victim's own signal at one sampling phase when its LED is nonlinear, in the form the
// statistical eye convolves: exact levels over a window of bits around the cursor, linear taps
// beyond it. Units of the swing, relative to the linear model's base (photocurrent = base_a +
// swing_a * value).
struct PatternLevels {
  // For every pattern of the window's other bits (bit m of the index: window bit m, the cursor
  // left out, oldest first), the signal with the cursor at 0 and at 1.
  std::vector<double> level0, level1;
  std::vector<double> taps;     // every bit outside the window: a fair bit of {0, tap}
  std::vector<double> scratch;  // reused between calls (no allocation per phase)
  std::vector<int> where;
};

// Received signal of a nonlinear LED through the linear rest of the chain (fiber, receiver,
// CTLE). The light in slot j is SlotLight's table at the pattern of bits j-L+1..j, so the sample
// is r = sum_j G_{p_j}(t - j T), G_p the slot light of pattern p through the chain. The bits of a
// window (kPrecursorBits after the cursor, the cursor, and the bits before it, kWindowBits in
// all) enter exactly: level(window) = E[r | window]; every other bit by its main effect
// E[r | b = 1] - E[r | b = 0] as a linear tap. Dropped: the interaction of a bit outside the
// window with any other bit, which lives only in slots away from the cursor.
class PatternResponse {
 public:
  static constexpr int kWindowBits = 8;
  static constexpr int kPrecursorBits = 2;

  // downstream: the chain after the LED (unit DC gain), sampled and shifted like the pulse
  // responses (ChainModel::downstream_response); peak, span_ui: the victim's linear pulse (the
  // phase reference both engines share); drive_offset: PulseResponse::drive_offset.
  PatternResponse(const SlotLight& light, std::span<const double> downstream, int peak, int span_ui,
                  double drive_offset);

  // Levels and taps at phase s (samples from the peak).
  void at(int s, PatternLevels& out) const;
  double residual_rms() const { return residual_rms_; }

 private:
  int slot_bits_;
  int os_;
  int n_;
  int peak_;
  int span_ui_;
  double drive_offset_;
  double residual_rms_;
  // A slot whose pattern reaches into the window: its light averaged over its bits outside the
  // window, for every pattern of the ones inside (phase-independent, so tabled once).
  struct WindowSlot {
    int j = 0;                  // slot, bits from the cursor's
    int width = 0;              // its bits inside the window
    int shift = 0;              // window bit of its oldest bit inside
    std::vector<double> light;  // [inside pattern * os + sample]
  };
  std::vector<WindowSlot> window_slots_;
  std::vector<double> g_;       // downstream response, n samples
  std::vector<double> mean_;    // mean slot light through the chain, n samples
  std::vector<double> effect_;  // main effect of pattern bit i through the chain, [i * n + t]
};

}  // namespace mosaic::phy
