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

}  // namespace

ReceiverFilter::ReceiverFilter(const RxSpec& rx, double ctle_peaking_db)
    : tia_(make_lowpass(rx.filter)),
      shape_(rx.filter),
      tia_f3db_hz_(rx.bandwidth_ghz * 1e9),
      ctle_(rx.ctle),
      ctle_peaking_db_(ctle_peaking_db),
      ctle_pole_hz_(rx.ctle_pole_ghz * 1e9) {
  const double f_ref = tia_f3db_hz_;
  auto h = [this](double f) { return response(f); };
  if (tia_->pass_through() && !ctle_) {
    noise_bandwidth_hz_ = f_ref;  // an ideal receiver is a brick wall at its bandwidth
    f2_noise_integral_hz3_ = f_ref * f_ref * f_ref / 3.0;
  } else {
    noise_bandwidth_hz_ = noise_bandwidth(h, f_ref);
    // Only needed with the capacitance noise term; a first-order receiver without CTLE lets f^2
    // noise grow without bound, and the integral then stops at the grid's 1e4 x bandwidth.
    if (rx.input_capacitance_pf.value_or(0.0) > 0.0)
      f2_noise_integral_hz3_ = noise_bandwidth(h, f_ref, 2);
  }
}

std::complex<double> ReceiverFilter::response(double f_hz) const {
  std::complex<double> h = tia_->response(tia_f3db_hz_, f_hz);
  if (ctle_) h *= ctle_response(ctle_peaking_db_, ctle_pole_hz_, f_hz);
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
