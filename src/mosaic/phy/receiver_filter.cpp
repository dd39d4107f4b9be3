#include "mosaic/phy/receiver_filter.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <string>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/phy/ctle.hpp"

namespace mosaic::phy {
namespace {

// Integral of |H(f)|^2 f^power df from 0 to infinity, on a log grid far past the bandwidth.
template <class F>
double noise_bandwidth(F&& h, double f_ref, int power = 0) {
  const double f_lo = f_ref * 1e-4;
  const double f_hi = f_ref * 1e4;
  const int n = 8000;
  const double step = std::log(f_hi / f_lo) / n;
  // The band below f_lo is flat: its integral is |H(0)|^2 f_lo^(power+1) / (power+1).
  double sum = std::norm(h(0.0)) * std::pow(f_lo, power + 1) / (power + 1);
  auto integrand = [&](double f) {
    return std::norm(h(f)) * (power == 0 ? 1.0 : std::pow(f, power));
  };
  // Trapezoids; each grid point's value serves the trapezoids on both sides of it.
  double fa = f_lo;
  double ya = integrand(fa);
  for (int i = 0; i < n; ++i) {
    const double fb = f_lo * std::exp((i + 1) * step);
    const double yb = integrand(fb);
    sum += 0.5 * (ya + yb) * (fb - fa);
    fa = fb;
    ya = yb;
  }
  return sum;
}

// The receivers whose noise integrals a thread computed last. A design is evaluated many times
// over with the same receiver (the CTLE tuning's 17 peakings for every evaluator: the design at
// its operating point, each year of its ageing, each margin step; the neighbours a design search
// or a sweep along another axis visits), and each integral costs 8000 complex responses. The
// integral is a pure function of the key, so a cached value is the same bits as a fresh one.
struct NoiseKey {
  FilterShape shape;
  bool ctle;
  int power;
  double tia_f3db_hz, ctle_peaking_db, ctle_pole_hz;
  bool operator==(const NoiseKey&) const = default;
};

template <class F>
double cached_noise_integral(const NoiseKey& key, F&& h) {
  constexpr std::size_t kEntries = 64;
  struct Entry {
    NoiseKey key;
    double value;
  };
  thread_local std::vector<Entry> entries;
  thread_local std::size_t next = 0;
  for (const Entry& e : entries)
    if (e.key == key) return e.value;
  const double value = noise_bandwidth(h, key.tia_f3db_hz, key.power);
  if (entries.size() < kEntries) {
    entries.push_back({key, value});
  } else {
    entries[next] = {key, value};
    next = (next + 1) % kEntries;
  }
  return value;
}

}  // namespace

ReceiverFilter::ReceiverFilter(const RxSpec& rx, double ctle_peaking_db)
    : tia_(make_lowpass(rx.filter)),
      shape_(rx.filter),
      tia_f3db_hz_(rx.bandwidth_ghz * 1e9),
      ctle_(rx.ctle),
      ctle_peaking_db_(ctle_peaking_db),
      ctle_pole_hz_(rx.ctle_pole_ghz * 1e9) {
  if (ctle_) ctle_zero_hz_ = ctle_zero_hz(ctle_peaking_db_, ctle_pole_hz_);
  const double f_ref = tia_f3db_hz_;
  auto h = [this](double f) { return response(f); };
  if (tia_->pass_through() && !ctle_) {
    noise_bandwidth_hz_ = f_ref;  // an ideal receiver is a brick wall at its bandwidth
    f2_noise_integral_hz3_ = f_ref * f_ref * f_ref / 3.0;
  } else {
    NoiseKey key{shape_,
                 ctle_,
                 0,
                 tia_f3db_hz_,
                 ctle_ ? ctle_peaking_db_ : 0.0,
                 ctle_ ? ctle_pole_hz_ : 0.0};
    noise_bandwidth_hz_ = cached_noise_integral(key, h);
    // Only needed with the capacitance noise term; a first-order receiver without CTLE lets f^2
    // noise grow without bound, and the integral then stops at the grid's 1e4 x bandwidth.
    if (rx.input_capacitance_pf.value_or(0.0) > 0.0) {
      key.power = 2;
      f2_noise_integral_hz3_ = cached_noise_integral(key, h);
    }
  }
}

std::complex<double> ReceiverFilter::response(double f_hz) const {
  std::complex<double> h = tia_->response(tia_f3db_hz_, f_hz);
  if (ctle_) h *= ctle_response_from_zero(ctle_zero_hz_, ctle_pole_hz_, f_hz);
  return h;
}

std::vector<Biquad> ReceiverFilter::sections(double fs_hz) const {
  if (!tia_->rational()) {
    std::string shape(enum_name(shape_));
    shape[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(shape[0])));
    throw ConfigError("rx.filter", fmt::format("\"{}\"", enum_name(shape_)),
                      "first_order, butterworth2 or ideal with the Monte Carlo engine",
                      fmt::format("a {} receiver has no causal recursive form", shape));
  }
  std::vector<Biquad> out;
  for (const AnalogSection& s : tia_->analog_sections())
    out.push_back(bilinear(s, tia_f3db_hz_, fs_hz));
  if (ctle_) out.push_back(bilinear(ctle_section(ctle_peaking_db_), ctle_pole_hz_, fs_hz));
  return out;
}

}  // namespace mosaic::phy
