#include "mosaic/phy/led_slot_light.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <functional>

#include "mosaic/phy/carrier_kernels.hpp"

namespace mosaic::phy {
namespace {

// Bits of warm-up before each lane's piece of the sequence: the carriers forget their start
// (steady state at the 0 level) within a few lifetimes of the slowest, 0-level, carriers.
constexpr int kWarmupBits = 16;

}  // namespace

std::vector<int> de_bruijn_bits(int order) {
  std::vector<int> out;
  std::vector<int> a(static_cast<std::size_t>(order) + 1, 0);
  std::function<void(int, int)> db = [&](int t, int p) {
    if (t > order) {
      if (order % p == 0)
        for (int j = 1; j <= p; ++j) out.push_back(a[j]);
      return;
    }
    a[t] = a[t - p];
    db(t + 1, p);
    for (int j = a[t - p] + 1; j < 2; ++j) {
      a[t] = j;
      db(t + 1, t);
    }
  };
  db(1, 1);
  return out;
}

SlotLight rate_equation_slot_light(const RateEquationLed& led, const RateEquationDrive& drive,
                                   int samples_per_ui, int bits, int history_bits) {
  constexpr int kL = kernels::kCarrierLanes;
  const std::vector<int> seq = de_bruijn_bits(bits + history_bits);
  const int total = static_cast<int>(seq.size());
  assert(total % kL == 0);
  // The sequence is cut into one piece per lane, each run after the kWarmupBits before it
  // (cyclically), so the 16 lanes integrate in parallel what one long run would.
  const int piece = total / kL;
  const int run_bits = kWarmupBits + piece;
  const int os = samples_per_ui;
  auto bit_at = [&](int k) { return seq[((k % total) + total) % total]; };
  std::vector<double> gen(static_cast<std::size_t>(run_bits) * os * kL);
  const CarrierCoefficients& k = led.coefficients();
  for (int l = 0; l < kL; ++l) {
    const int first = l * piece - kWarmupBits;
    for (int b = 0; b < run_bits; ++b) {
      const double g = drive.current(bit_at(first + b), bit_at(first + b - 1)) * k.gen_per_amp;
      for (int j = 0; j < os; ++j) gen[(static_cast<std::size_t>(b) * os + j) * kL + l] = g;
    }
  }
  std::vector<double> n(kL, led.carrier_density(drive.i_lo));
  std::vector<double> light(gen.size());
  kernels::carrier_lanes(k, gen.data(), gen.size() / kL, drive.dt_s / drive.substeps,
                         drive.substeps, n.data(), light.data());

  SlotLight s;
  s.bits = bits;
  s.samples_per_ui = os;
  const int patterns = 1 << bits;
  s.u.assign(static_cast<std::size_t>(patterns) * os, 0.0);
  std::vector<double> sq(s.u.size(), 0.0);
  for (int l = 0; l < kL; ++l) {
    for (int b = kWarmupBits; b < run_bits; ++b) {
      const int pos = l * piece - kWarmupBits + b;
      int p = 0;
      for (int i = 0; i < bits; ++i) p |= bit_at(pos - (bits - 1) + i) << i;
      for (int j = 0; j < os; ++j) {
        const double u = drive.swing_units(light[(static_cast<std::size_t>(b) * os + j) * kL + l]);
        s.u[static_cast<std::size_t>(p) * os + j] += u;
        sq[static_cast<std::size_t>(p) * os + j] += u * u;
      }
    }
  }
  // Every pattern of `bits` occurs 2^history_bits times, once after each history.
  const double per = std::ldexp(1.0, history_bits);
  double spread = 0.0;
  for (std::size_t i = 0; i < s.u.size(); ++i) {
    s.u[i] /= per;
    spread += std::max(0.0, sq[i] / per - s.u[i] * s.u[i]);
  }
  s.residual_rms = std::sqrt(spread / static_cast<double>(s.u.size()));
  return s;
}

}  // namespace mosaic::phy
