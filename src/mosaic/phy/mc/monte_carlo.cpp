#include "mosaic/phy/mc/monte_carlo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/phy/mc/engine_blocks.hpp"
#include "mosaic/phy/mc/importance_run.hpp"

namespace mosaic::phy::mc {
namespace {

using Clock = std::chrono::steady_clock;

// One segment through every block: first every simulated channel's data and light (a counted
// channel's neighbours must have theirs before it is received), then every counted channel's
// receive path, and when the segment counts, its errors and eye. Each task writes only its own
// channel's state, so the thread count does not change a bit.
void run_segment(EngineBlocks& e, bool count, int threads) {
  parallel_for(e.transmit.size(), threads, [&](std::size_t s) {
    TransmitBlocks& t = e.transmit[s];
    t.stimulus->process(t.bits.advance());
    if (t.tx) t.tx->process(t.bits.rows(), t.photo);
  });
  parallel_for(e.receive.size(), threads, [&](std::size_t i) {
    ReceiveBlocks& r = e.receive[i];
    std::array<float, kSegmentBits * kLanes> decided;
    r.path->process(decided, count && r.eye ? &*r.eye : nullptr);
    if (!count) return;
    const float* sent = e.transmit[r.slot].bits.segment_start() + r.path->first_bit() * kLanes;
    r.errors.process(decided, std::span<const float>(sent, decided.size()));
  });
}

// The stop rules, checked after every counted segment: every counted channel has
// mc.target_errors errors, mc.max_bits bits per channel, or mc.time_budget_s of wall time.
class StopRules {
 public:
  StopRules(const McSpec& mc, Progress* progress) : mc_(mc), progress_(progress) {}

  // The reason to stop after `bits` per channel, or empty to go on.
  std::string check(const EngineBlocks& e, double bits, double elapsed_s) const {
    double min_errors = std::numeric_limits<double>::infinity();
    double total_errors = 0.0;
    for (const ReceiveBlocks& r : e.receive) {
      const double errors = r.errors.errors();
      min_errors = std::min(min_errors, errors);
      total_errors += errors;
    }
    const double f_bits = bits / mc_.max_bits;
    const double f_err = min_errors / mc_.target_errors;
    const double f_time = mc_.time_budget_s > 0 ? elapsed_s / mc_.time_budget_s : 0.0;
    if (progress_)
      progress_->update(
          std::min(1.0, std::max({f_bits, f_err, f_time})),
          fmt::format("{:.3g} bits, {:.0f} errors", bits * e.receive.size(), total_errors));
    if (min_errors >= mc_.target_errors) return "target_errors";
    if (bits >= mc_.max_bits) return "max_bits";
    if (mc_.time_budget_s > 0 && elapsed_s >= mc_.time_budget_s) return "time_budget";
    return {};
  }

 private:
  const McSpec& mc_;
  Progress* progress_;
};

// Every counted channel's figures, in report order, and the eye diagrams kept.
void assemble(EngineBlocks& e, double bits, double confidence, McResult& r) {
  r.bits_per_channel = bits;
  r.total_bits = bits * e.receive.size();
  r.bits_per_s = r.wall_s > 0 ? r.total_bits / r.wall_s : 0.0;
  for (int i : e.report) {
    ReceiveBlocks& rb = e.receive[i];
    McChannelResult m;
    m.index = e.transmit[rb.slot].index;
    m.bits = bits;
    m.phase_ui = rb.phase_ui;
    m.threshold_a = rb.threshold_a;
    m.errors = rb.errors.errors();
    m.ber = bits > 0 ? m.errors / bits : 0.0;
    const Interval ci = clopper_pearson(m.errors, bits, confidence);
    m.ci_low = ci.low;
    m.ci_high = ci.high;
    m.stat_eye_ber = rb.stat_eye_ber;
    r.channels.push_back(m);
    if (rb.eye) r.eyes.push_back(rb.eye->diagram());
  }
}

}  // namespace

McResult monte_carlo(LinkEvaluator& evaluator, std::span<const ChannelResult> stat,
                     const McOptions& options) {
  const McSpec& mc = evaluator.spec().mc;
  if (mc.mode == McMode::kImportance) return importance_monte_carlo(evaluator, stat, options);
  EngineBlocks e = wire_engine(evaluator, stat, options);
  McResult r;
  r.mode = mc.mode;
  r.samples_per_ui = e.samples_per_ui;
  const StopRules stop(mc, options.progress);
  const auto t0 = Clock::now();
  double bits = 0.0;
  for (std::uint64_t u = 0; r.stop_reason.empty(); ++u) {
    const bool count = u >= static_cast<std::uint64_t>(e.warmup_segments);
    run_segment(e, count, options.threads);
    if (!count) continue;
    bits += static_cast<double>(kSegmentBits) * kLanes;
    r.stop_reason = stop.check(e, bits, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  r.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  assemble(e, bits, mc.confidence, r);
  if (options.progress) options.progress->update(1.0, "done");
  return r;
}

}  // namespace mosaic::phy::mc
