#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "mosaic/core/spec/presets.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/mc/monte_carlo.hpp"

namespace mosaic::phy::mc {
namespace {

struct Fixture {
  LinkSpec spec;
  std::unique_ptr<LinkEvaluator> ev;
  std::vector<ChannelResult> stat;
};

Fixture make(LinkSpec spec, const std::vector<int>& channels) {
  Fixture s;
  s.spec = spec;
  s.ev = std::make_unique<LinkEvaluator>(spec);
  s.stat.resize(s.ev->layout().channels.size());
  for (int c : channels) s.stat[c] = s.ev->evaluate_channel(c, false);
  return s;
}

TEST(McEngine, PulseMatchesChainModel) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 30;
  for (int os : {8, 16}) {
    spec.mc.samples_per_ui = os;
    LinkEvaluator ev(spec);
    const ChainModel chain(spec, ev.fiber(), ev.ctle_peaking_db(), os);
    const int c = 44;
    const PulseResponse ref = chain.pulse(ev.layout().channels[c].led_f3db_hz);
    const std::vector<double> eng = engine_pulse(ev, c, ref.span_ui);
    double peak = 0, err = 0;
    for (std::size_t i = 0; i < ref.h.size(); ++i) {
      peak = std::max(peak, std::abs(ref.h[i]));
      err = std::max(err, std::abs(ref.h[i] - eng[i]));
    }
    std::printf("os %d: max |engine - chain| / peak = %.2e\n", os, err / peak);
    EXPECT_LT(err / peak, 0.01);
  }
}

TEST(McEngine, QuickCompare) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 30;
  spec.mc.max_bits = 2e5;
  const std::vector<int> ch = {0, 11, 44, 55};
  Fixture s = make(spec, ch);
  for (McMode mode : {McMode::kWaveform, McMode::kSymbol}) {
    s.ev = std::make_unique<LinkEvaluator>(s.spec);
    LinkSpec sp = s.spec;
    sp.mc.mode = mode;
    LinkEvaluator ev(sp);
    McOptions o;
    o.channels = ch;
    o.threads = 1;
    const auto t0 = std::chrono::steady_clock::now();
    const McResult r = monte_carlo(ev, s.stat, o);
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& c : r.channels)
      std::printf("mode %d ch %d: mc %.3e [%.3e, %.3e] (%g errors / %g bits), stat %.3e\n",
                  int(mode), c.index, c.ber, c.ci_low, c.ci_high, c.errors, c.bits,
                  c.stat_eye_ber);
    std::printf("  %.2f s, %.3g bits/s\n", dt, r.total_bits / dt);
  }
}

}  // namespace
}  // namespace mosaic::phy::mc
