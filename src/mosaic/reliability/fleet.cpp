#include "mosaic/reliability/fleet.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "mosaic/core/error.hpp"
#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::reliability {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::int64_t kBlockLinks = 8192;

// Sampler of the time to a link's failure within one life. Precomputes what the common case
// (a full horizon from age 0) needs so that most links cost two uniforms and a log.
class LifeSampler {
 public:
  LifeSampler(const ReliabilityModel& m, double horizon_h) : m_(m), horizon_h_(horizon_h) {
    full_horizon_g_ = order_stat_cdf(horizon_h);
  }

  // P(T_(S+1) <= t): the (S+1)-th channel failure by age t.
  double order_stat_cdf(double t_h) const {
    if (m_.failures_to_fail() > m_.channels || m_.channel.never_fails()) return 0.0;
    return std::exp(log_channel_failure(m_, t_h));
  }

  // Age at which the (S+1)-th channel fails given the uniform u, or infinity if that is later
  // than `window_h`. Inversion: T = F^-1(p) where p solves P(Binomial(n, p) >= S+1) = u.
  double channel_failure_age(double u, double window_h) const {
    const double g = window_h >= horizon_h_ ? full_horizon_g_ : order_stat_cdf(window_h);
    if (!(u < g)) return kInf;
    const int n = m_.channels;
    const int k = m_.failures_to_fail();
    double p;
    if (k == 1) {
      // The first of n: P(min <= t) = 1 - (1 - F)^n.
      p = -std::expm1(std::log1p(-u) / n);
    } else {
      // Safeguarded Newton on x = ln p: ln P(X >= k) is nearly linear in x (slope ~k) where the
      // tail is small, so a few steps suffice; bisection keeps it inside the bracket.
      const double lu = std::log(u);
      const double log_norm = std::log(double(n)) + std::lgamma(double(n)) -
                              std::lgamma(double(k)) - std::lgamma(double(n - k + 1));
      double lo = std::log(1e-300), hi = std::log(m_.channel.cdf(window_h));
      double x = hi;
      for (int i = 0; i < 100; ++i) {
        const double pp = std::exp(x);
        const double lg = binomial_tails(n, k, pp).at_least;
        const double f = lg - lu;
        (f < 0.0 ? lo : hi) = x;
        // d ln G / d ln p = p g(p) / G(p), g the density of the k-th order statistic of uniforms.
        const double slope = std::exp(x + log_norm + (k - 1) * x + (n - k) * std::log1p(-pp) - lg);
        double next = x - f / slope;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (std::abs(next - x) < 1e-12 || hi - lo < 1e-12) {
          x = next;
          break;
        }
        x = next;
      }
      p = std::exp(x);
    }
    return std::min(window_h, m_.channel.time_at_hazard(-std::log1p(-p)));
  }

  // P(no further channel or common failure during a drain of length r starting at age a).
  double drain_survival(double age_h, double r_h) const {
    const int remaining = m_.channels - m_.failures_to_fail();
    const double ch =
        m_.channel.cumulative_hazard(age_h + r_h) - m_.channel.cumulative_hazard(age_h);
    return std::exp(-remaining * ch - m_.common.cumulative_hazard(r_h));
  }

 private:
  const ReliabilityModel& m_;
  double horizon_h_;
  double full_horizon_g_;
};

struct Tally {
  std::vector<std::int64_t> failures_by_year;
  std::vector<std::int64_t> outages_by_year;
  std::int64_t channel_failures = 0;
  std::int64_t common_failures = 0;
  std::int64_t first_life_failures = 0;
  std::int64_t sum_sq_failures = 0;  // sum over links of (failures of that link)^2
};

}  // namespace

FleetResult fleet_monte_carlo(const ReliabilityModel& m, std::uint64_t seed,
                              const FleetOptions& o) {
  if (o.links < 1) throw ConfigError("links", std::to_string(o.links), "at least 1");
  if (!(o.years > 0.0) || o.years > 1000.0)
    throw ConfigError("years", std::to_string(o.years), "a number in (0, 1000]");
  if (!(o.confidence > 0.0 && o.confidence < 1.0))
    throw ConfigError("confidence", std::to_string(o.confidence), "a number in (0, 1)");
  const auto start = std::chrono::steady_clock::now();
  const double horizon_h = o.years * kHoursPerYear;
  const int n_years = static_cast<int>(std::ceil(o.years - 1e-9));
  const LifeSampler sampler(m, horizon_h);
  const double common_rate = m.common.rate_per_h;

  const std::int64_t n_blocks = (o.links + kBlockLinks - 1) / kBlockLinks;
  std::vector<Tally> tallies(n_blocks);
  for (Tally& t : tallies) {
    t.failures_by_year.assign(n_years, 0);
    t.outages_by_year.assign(n_years, 0);
  }
  const FleetShare whole;
  const FleetShare& share = o.share ? *o.share : whole;
  if (share.parts < 1 || share.part < 0 || share.part >= share.parts)
    throw std::logic_error("fleet share: part outside [0, parts)");
  std::vector<std::int64_t> mine;
  for (std::int64_t b = share.part; b < n_blocks; b += share.parts) mine.push_back(b);
  std::int64_t my_links = 0;
  for (std::int64_t b : mine)
    my_links += std::min(o.links, (b + 1) * kBlockLinks) - b * kBlockLinks;
  std::atomic<std::int64_t> done{0};
  parallel_for(mine.size(), o.threads, [&](std::size_t i) {
    const std::int64_t b = mine[i];
    Tally& t = tallies[b];
    const std::int64_t first = b * kBlockLinks;
    const std::int64_t last = std::min(o.links, first + kBlockLinks);
    for (std::int64_t link = first; link < last; ++link) {
      Rng rng(seed, RngPurpose::kFleetLifetimes, static_cast<std::uint64_t>(link));
      double now = 0.0;  // start of the current link's life
      std::int64_t count = 0;
      while (now < horizon_h) {
        const double window = horizon_h - now;
        // Common parts: exponential (the log is taken only when it can land in the window).
        const double u_common = rng.uniform();
        const double t_common = common_rate > 0.0 ? -std::log(u_common) / common_rate : kInf;
        const double t_channel = sampler.channel_failure_age(rng.uniform(), window);
        const double age = std::min(t_common, t_channel);
        if (!(age < window)) break;
        const double when = now + age;
        const int year = std::min(n_years - 1, static_cast<int>(when / kHoursPerYear));
        ++t.failures_by_year[year];
        if (count == 0) ++t.first_life_failures;
        ++count;
        const double repair = m.mttr_h > 0.0 ? m.mttr_h * rng.exponential() : 0.0;
        bool outage;
        if (t_common <= t_channel) {
          ++t.common_failures;
          outage = true;
        } else {
          ++t.channel_failures;
          // With ECC the link only goes down if another failure hits before it is replaced.
          outage = !m.ecc || rng.uniform() >= sampler.drain_survival(age, repair);
        }
        if (outage) ++t.outages_by_year[year];
        now = when + repair;
      }
      t.sum_sq_failures += count * count;
    }
    if (o.progress) {
      const std::int64_t d = done.fetch_add(last - first) + (last - first);
      o.progress->update(static_cast<double>(d) / my_links, "links");
    }
  });

  if (share.parts > 1) {
    // Every part's counts into one vector, summed across the parts, and back: the blocks this
    // part did not draw hold zeros, so after the sum each block holds its one drawer's counts.
    std::vector<std::int64_t> flat;
    flat.reserve(n_blocks * (2 * n_years + 4));
    for (const Tally& t : tallies) {
      flat.insert(flat.end(), t.failures_by_year.begin(), t.failures_by_year.end());
      flat.insert(flat.end(), t.outages_by_year.begin(), t.outages_by_year.end());
      flat.insert(flat.end(), {t.channel_failures, t.common_failures, t.first_life_failures,
                               t.sum_sq_failures});
    }
    share.sum(flat);
    auto at = flat.begin();
    for (Tally& t : tallies) {
      std::copy(at, at + n_years, t.failures_by_year.begin());
      at += n_years;
      std::copy(at, at + n_years, t.outages_by_year.begin());
      at += n_years;
      t.channel_failures = *at++;
      t.common_failures = *at++;
      t.first_life_failures = *at++;
      t.sum_sq_failures = *at++;
    }
  }

  // Sum the blocks in index order (integers: exact and order-free anyway).
  FleetResult r;
  r.links = o.links;
  r.years = o.years;
  r.confidence = o.confidence;
  r.seed = seed;
  r.per_year.resize(n_years);
  std::int64_t sum_sq = 0;
  for (const Tally& t : tallies) {
    for (int y = 0; y < n_years; ++y) {
      r.per_year[y].failures += t.failures_by_year[y];
      r.per_year[y].outages += t.outages_by_year[y];
    }
    r.channel_failures += t.channel_failures;
    r.common_failures += t.common_failures;
    r.first_life_failures += t.first_life_failures;
    sum_sq += t.sum_sq_failures;
  }
  for (int y = 0; y < n_years; ++y) {
    FleetYear& fy = r.per_year[y];
    fy.year = y;
    fy.hours = std::min(kHoursPerYear, horizon_h - y * kHoursPerYear);
    fy.failures_ci = garwood(fy.failures, o.confidence);
    fy.mtbf_h = fy.failures > 0 ? fy.hours / fy.failures : kInf;
    fy.mtbf_ci_h = {fy.failures_ci.high > 0 ? fy.hours / fy.failures_ci.high : kInf,
                    fy.failures_ci.low > 0 ? fy.hours / fy.failures_ci.low : kInf};
    r.failures += fy.failures;
    r.outages += fy.outages;
  }
  const double n = static_cast<double>(o.links);
  r.failures_per_link = r.failures / n;
  const double var =
      o.links > 1
          ? std::max(0.0, (sum_sq - n * r.failures_per_link * r.failures_per_link) / (n - 1))
          : 0.0;
  const double z = q_inverse((1.0 - o.confidence) / 2.0);
  const double half = z * std::sqrt(var / n);
  r.failures_per_link_ci = {std::max(0.0, r.failures_per_link - half), r.failures_per_link + half};
  r.first_life_failure_probability = r.first_life_failures / n;
  r.first_life_failure_ci = clopper_pearson(r.first_life_failures, o.links, o.confidence);
  const Interval total = garwood(r.failures, o.confidence);
  const double exposure_h = n * horizon_h;
  r.fleet_fit = r.failures / exposure_h * kFitHours;
  r.fleet_fit_ci = {total.low / exposure_h * kFitHours, total.high / exposure_h * kFitHours};
  r.mtbf_h = r.failures > 0 ? horizon_h / r.failures : kInf;
  r.mtbf_ci_h = {total.high > 0 ? horizon_h / total.high : kInf,
                 total.low > 0 ? horizon_h / total.low : kInf};
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.link_lifetimes_per_s = r.wall_s > 0.0 ? n / r.wall_s : 0.0;
  r.assumptions = {
      "fleet: identical, independent link positions; a failed link is replaced by a new one "
      "after an exponential repair time of mean MTTR (renewal)",
      "fleet: a failure is the (S+1)-th channel failure (degraded, drained) or a common-part "
      "failure; an outage is a common-part failure, a failure without ECC, or a further failure "
      "before the replacement",
      "fleet: per-year failure counts carry Garwood (exact Poisson) intervals; first-life "
      "failure fraction Clopper-Pearson; failures per link a normal interval",
      "fleet: channel failure times are sampled as order statistics by inversion; events with "
      "probability below ~1e-16 per link are never drawn",
  };
  return r;
}

FleetResult fleet_monte_carlo(const LinkSpec& spec, const FleetOptions& options) {
  return fleet_monte_carlo(reliability_model(spec), spec.seed, options);
}

}  // namespace mosaic::reliability
