#include "mosaic/evaluate/failure_age.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/reliability/degradation.hpp"

namespace mosaic {
namespace {

// sqrt(-2 ln BER): within a slowly varying term of the channel's Q, and near linear in its signal
// power where the noise does not scale with it.
double q_like(double log10_ber) {
  return std::sqrt(std::max(0.0, -2.0 * std::numbers::ln10 * log10_ber));
}

// Each pixel's predicted Q-like figure at any age, from the evaluated ages.
class Interpolation {
 public:
  Interpolation(const LinkSpec& spec, const std::vector<AgedLink>& known) : spec_(spec) {
    pixels_ = spec.array.rows * spec.array.cols;
    for (const AgedLink& k : known) {
      points_.push_back({power_factors(k.age_years), {}});
      auto& q = points_.back().q;
      q.resize(pixels_);
      for (int i = 0; i < pixels_; ++i) q[i] = q_like(k.log10_ber[i]);
    }
  }

  // Per pixel: linear in its power factor between the two evaluated ages whose factors bracket
  // it (the nearest two beyond the range, which only rounding reaches).
  std::vector<double> at(double age_years) const {
    const std::vector<double> g = power_factors(age_years);
    std::vector<double> out(pixels_);
    for (int i = 0; i < pixels_; ++i) {
      // The evaluated factor just above g[i] and just below it.
      int above = -1, below = -1;
      for (int j = 0; j < static_cast<int>(points_.size()); ++j) {
        const double gj = points_[j].g[i];
        if (gj >= g[i] && (above < 0 || gj < points_[above].g[i])) above = j;
        if (gj <= g[i] && (below < 0 || gj > points_[below].g[i])) below = j;
      }
      if (above < 0) above = below;
      if (below < 0) below = above;
      const double ga = points_[above].g[i];
      const double gb = points_[below].g[i];
      const double qa = points_[above].q[i];
      const double qb = points_[below].q[i];
      out[i] = ga == gb ? 0.5 * (qa + qb) : qb + (qa - qb) * (g[i] - gb) / (ga - gb);
    }
    return out;
  }

 private:
  std::vector<double> power_factors(double age_years) const {
    std::vector<double> g = reliability::led_decay_db(spec_, pixels_, age_years);
    for (double& x : g) x = std::pow(10.0, -0.1 * x);
    return g;
  }

  struct Point {
    std::vector<double> g;  // each pixel's LED power factor at the age
    std::vector<double> q;  // each pixel's Q-like figure there
  };
  const LinkSpec& spec_;
  int pixels_ = 0;
  std::vector<Point> points_;
};

}  // namespace

bool spares_run_out(const link::LaneAssignment& lanes, const std::vector<double>& log10_ber_start,
                    const std::vector<double>& log10_ber, double log10_target) {
  int over = 0;
  int spares = 0;
  for (std::size_t i = 0; i < lanes.roles.size(); ++i) {
    const link::ChannelRole role = lanes.roles[i];
    if (role == link::ChannelRole::kSpare) {
      spares += log10_ber_start[i] <= log10_target && log10_ber[i] <= log10_target;
    } else if (role == link::ChannelRole::kData || role == link::ChannelRole::kEcc) {
      over += log10_ber[i] > log10_target;
    }
  }
  return over > spares;
}

FailureAge find_failure_age(const LinkSpec& spec, const link::LaneAssignment& lanes,
                            std::vector<AgedLink> known,
                            const std::function<AgedLink(double age_years)>& evaluate) {
  const double life = spec.reliability.service_life_years;
  const double log10_target = std::log10(spec.reliability.degradation_ber_target);
  const std::vector<double> at_start = known.front().log10_ber;
  const double q_target = q_like(log10_target);
  auto age = [&](int k) { return life * k / kFailureAgeSteps; };
  int ok = 0;
  int bad = kFailureAgeSteps;
  FailureAge out;
  for (int probe = 0; bad - ok > 1; ++probe) {
    int t = (ok + bad) / 2;
    if (probe < kGuidedProbes) {
      const Interpolation predict(spec, known);
      int boundary = bad;
      for (int k = ok + 1; k < bad; ++k) {
        const std::vector<double> q = predict.at(age(k));
        std::vector<double> log10_ber(q.size());
        for (std::size_t i = 0; i < q.size(); ++i)
          log10_ber[i] = q[i] < q_target ? 0.0 : 2.0 * log10_target;
        if (spares_run_out(lanes, at_start, log10_ber, log10_target)) {
          boundary = k;
          break;
        }
      }
      // The predicted first failure, or the grid point just before it once that one is known.
      t = boundary == bad ? bad - 1 : boundary;
    }
    known.push_back(evaluate(age(t)));
    ++out.evaluations;
    (known.back().failed ? bad : ok) = t;
  }
  out.age_years = age(bad);
  return out;
}

}  // namespace mosaic
