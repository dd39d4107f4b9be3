#include "mosaic/reliability/markov.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <unsupported/Eigen/MatrixFunctions>

#include "mosaic/core/math/confidence.hpp"
#include "mosaic/core/math/count_tails.hpp"

namespace mosaic::reliability {
namespace {

// Deep working states the link practically never reaches within the horizon are lumped: the
// chain keeps states 0..depth where P(Binomial(n, F(horizon)) >= depth) < 1e-30 bounds the mass
// beyond, even summed over renewals.
int working_depth(const ReliabilityModel& m, double horizon_h) {
  const double p = m.channel.cdf(horizon_h);
  for (int k = 1; k <= m.spares; ++k)
    if (binomial_tails(m.channels, k, p).at_least < std::log(1e-30)) return k;
  return m.spares;
}

struct Solution {
  Eigen::VectorXd state;   // probability of each state at the horizon
  double failures = 0.0;   // accumulated reward: working -> failed transitions
  double outages = 0.0;    // accumulated reward: transitions into X
  double time_down = 0.0;  // accumulated time in X
  double time_degraded = 0.0;
};

Solution run(const ReliabilityModel& m, double horizon_h, bool repair) {
  const double lam = m.channel.rate_per_h;
  const double lam_c = m.common.rate_per_h;
  const double mu = (repair && m.mttr_h > 0.0) ? 1.0 / m.mttr_h : 0.0;
  // MTTR = 0 with repair: a failed link is replaced at once, so failures renew straight to 0.
  const bool instant = repair && m.mttr_h <= 0.0;
  const int depth = working_depth(m, horizon_h);
  const int n_work = depth + 1;  // states 0..depth
  const int d = n_work, x = n_work + 1;
  const int to_d = instant ? 0 : d, to_x = instant ? 0 : x;
  const int acc = n_work + 2;  // four accumulators follow the states
  const int size = acc + 4;
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(size, size);
  auto rate = [&](int from, int to, double r) {
    g(from, to) += r;
    g(from, from) -= r;
  };
  for (int i = 0; i < n_work; ++i) {
    // Channel failures: to the next working state, or (past the spares) to D (X without ECC).
    // The lumped deepest state passes straight on; its mass is negligible by construction.
    const double r_ch = (m.channels - i) * lam;
    const bool last = i == m.spares || i == depth;
    const int next = last ? (m.ecc ? to_d : to_x) : i + 1;
    rate(i, next, r_ch);
    rate(i, to_x, lam_c);
    if (last) g(i, acc + 0) += r_ch;  // a failure event
    if (last && !m.ecc) g(i, acc + 1) += r_ch;
    g(i, acc + 0) += lam_c;
    g(i, acc + 1) += lam_c;
  }
  // While degraded, any further channel or a common part downs the link.
  const double r_dx = (m.channels - m.spares - 1) * lam + lam_c;
  rate(d, x, r_dx);
  g(d, acc + 1) += r_dx;
  g(d, acc + 3) += 1.0;
  g(x, acc + 2) += 1.0;
  if (mu > 0.0) {
    rate(d, 0, mu);
    rate(x, 0, mu);
  }
  // Row-vector chain: p(t) = p(0) exp(G t); the accumulator columns integrate the rewards.
  const Eigen::MatrixXd e = (g * horizon_h).exp();
  Solution s;
  s.state = e.row(0).head(acc).transpose();
  s.failures = e(0, acc + 0);
  s.outages = e(0, acc + 1);
  s.time_down = e(0, acc + 2);
  s.time_degraded = e(0, acc + 3);
  return s;
}

}  // namespace

std::optional<MarkovResult> solve_markov(const ReliabilityModel& m, double horizon_h) {
  if (m.channel.has_wearout()) return std::nullopt;
  MarkovResult r;
  r.horizon_h = horizon_h;
  const Solution absorbing = run(m, horizon_h, false);
  const int n = static_cast<int>(absorbing.state.size());
  r.states = n;
  // Failure probability = mass in D and X; summed from them, not as 1 - working, so tiny values
  // keep their precision.
  r.failure_probability = std::clamp(absorbing.state(n - 2) + absorbing.state(n - 1), 0.0, 1.0);
  const Solution renewal = run(m, horizon_h, true);
  r.expected_failures = std::max(0.0, renewal.failures);
  r.expected_outages = std::max(0.0, renewal.outages);
  r.unavailability = std::clamp(renewal.time_down / horizon_h, 0.0, 1.0);
  r.degraded_fraction = std::clamp(renewal.time_degraded / horizon_h, 0.0, 1.0);
  return r;
}

}  // namespace mosaic::reliability
