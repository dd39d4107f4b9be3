#pragma once

#include <vector>

#include "mosaic/phy/rate_equation_drive.hpp"

namespace mosaic::phy {

// A nonlinear LED's light over one bit slot as a function of that bit and the ones before it
// (its carriers remember a few unit intervals, longer at the 0 level's low current): for every
// pattern of the last `bits` bits, the mean light over the `history_bits` bits before them, each
// history once (a de Bruijn sequence of order bits + history_bits, which holds every pattern of
// that length exactly once, run through the LED after a warm-up). In units of the static swing.
struct SlotLight {
  int bits = 0;  // pattern bit i is the bit i slots after the oldest; bit bits-1 is the slot's own
  int samples_per_ui = 0;
  std::vector<double> u;  // u[pattern * samples_per_ui + sample]
  // Rms, over every sample of every pattern, of the light's spread among that pattern's
  // histories: what the bits before the pattern would add (units of the swing).
  double residual_rms = 0.0;
};

// Runs the carrier equation of `led` (light relative to the drive's bias, RateEquationLed) under
// `drive` at samples_per_ui samples per bit.
SlotLight rate_equation_slot_light(const RateEquationLed& led, const RateEquationDrive& drive,
                                   int samples_per_ui, int bits, int history_bits);

// The de Bruijn sequence B(2, order): 2^order bits in which every pattern of `order` bits occurs
// exactly once (cyclically), by the Fredricksen-Kessler-Maiorana algorithm.
std::vector<int> de_bruijn_bits(int order);

}  // namespace mosaic::phy
