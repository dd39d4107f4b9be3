// The low-pass shapes and the receiver filter against their closed forms: 3 dB points, noise
// bandwidths, the bilinear sections' corners and DC gain, and the refusal of a shape without a
// recursive form.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <thread>
#include <vector>

#include "mosaic/core/error.hpp"
#include "mosaic/phy/biquad.hpp"
#include "mosaic/phy/ctle.hpp"
#include "mosaic/phy/lowpass.hpp"
#include "mosaic/phy/receiver_filter.hpp"

namespace mosaic::phy {
namespace {

using C = std::complex<double>;

// Response of a digital cascade at f_hz, sample rate fs_hz.
C digital_response(const std::vector<Biquad>& sections, double f_hz, double fs_hz) {
  const C z1 = std::polar(1.0, -2.0 * std::numbers::pi * f_hz / fs_hz);  // z^-1
  C h = 1.0;
  for (const Biquad& s : sections)
    h *= (s.b[0] + z1 * (s.b[1] + z1 * s.b[2])) / (1.0 + z1 * (s.a[1] + z1 * s.a[2]));
  return h;
}

RxSpec receiver(FilterShape shape, bool ctle) {
  RxSpec rx;
  rx.filter = shape;
  rx.bandwidth_ghz = 1.4;
  rx.ctle = ctle;
  rx.ctle_pole_ghz = 2.5;
  return rx;
}

TEST(LowPass, ShapesAtTheirCorner) {
  const double f3db = 1.3e9;
  for (FilterShape s :
       {FilterShape::kFirstOrder, FilterShape::kGaussian, FilterShape::kButterworth2})
    EXPECT_NEAR(std::norm(make_lowpass(s)->response(f3db, f3db)), 0.5, 1e-12);
  EXPECT_EQ(make_lowpass(FilterShape::kIdeal)->response(f3db, 5 * f3db), C(1.0));
  EXPECT_TRUE(make_lowpass(FilterShape::kIdeal)->pass_through());
  // First order: -45 degrees at the corner; Butterworth: |H|^2 = 1 / (1 + x^4), -90 degrees.
  EXPECT_NEAR(std::arg(make_lowpass(FilterShape::kFirstOrder)->response(f3db, f3db)),
              -std::numbers::pi / 4, 1e-12);
  const auto bw = make_lowpass(FilterShape::kButterworth2);
  EXPECT_NEAR(std::norm(bw->response(f3db, 2 * f3db)), 1.0 / 17.0, 1e-12);
  EXPECT_NEAR(std::arg(bw->response(f3db, f3db)), -std::numbers::pi / 2, 1e-12);
}

// The first-order shape runs Smith's division for 1 / (1 + j x) itself: the complex division's
// bits (signed zeros included) at the corner, either side of it, far out and at DC.
TEST(LowPass, FirstOrderIsTheComplexDivisionBitForBit) {
  const auto first = make_lowpass(FilterShape::kFirstOrder);
  std::vector<double> xs = {0.0, -0.0, 1e-300,      1e-160, 1e-8, 0.5,
                            1.0, -1.0, 1.0 + 1e-15, 3.0,    1e150};
  for (int k = 0; k < 4000; ++k)
    xs.push_back(std::ldexp(1.0 + k / 4000.0, k % 41 - 20) * (k % 2 ? 1 : -1));
  for (const double x : xs) {
    const C got = first->response(1.0, x);
    const C want = 1.0 / C(1.0, x);
    EXPECT_EQ(std::signbit(got.real()), std::signbit(want.real())) << x;
    EXPECT_EQ(std::signbit(got.imag()), std::signbit(want.imag())) << x;
    EXPECT_EQ(got.real(), want.real()) << x;
    EXPECT_EQ(got.imag(), want.imag()) << x;
  }
}

TEST(LowPass, GaussianIsZeroPhaseWithItsRmsWidth) {
  const auto g = make_lowpass(FilterShape::kGaussian);
  const double f3db = 0.9e9;
  const double sigma = g->zero_phase_rms_s(f3db);
  for (double f : {0.2e9, 0.9e9, 2.5e9}) {
    const double w = 2.0 * std::numbers::pi * f * sigma;
    EXPECT_NEAR(g->response(f3db, f).real(), std::exp(-0.5 * w * w), 1e-12);
    EXPECT_EQ(g->response(f3db, f).imag(), 0.0);
  }
  EXPECT_FALSE(g->rational());
  EXPECT_EQ(make_lowpass(FilterShape::kFirstOrder)->zero_phase_rms_s(f3db), 0.0);
}

// Noise-equivalent bandwidths: pi/2 f3db (first order), pi / (2 sqrt 2) f3db (Butterworth-2),
// the brick wall f3db for an ideal receiver.
TEST(ReceiverFilter, NoiseBandwidthClosedForms) {
  const double f3db = 1.4e9;
  const ReceiverFilter first(receiver(FilterShape::kFirstOrder, false), 0.0);
  EXPECT_NEAR(first.noise_bandwidth_hz() / f3db, std::numbers::pi / 2, 2e-4);
  const ReceiverFilter bw(receiver(FilterShape::kButterworth2, false), 0.0);
  EXPECT_NEAR(bw.noise_bandwidth_hz() / f3db, std::numbers::pi / (2 * std::numbers::sqrt2), 2e-4);
  const ReceiverFilter ideal(receiver(FilterShape::kIdeal, false), 0.0);
  EXPECT_EQ(ideal.noise_bandwidth_hz(), f3db);
  EXPECT_EQ(ideal.f2_noise_integral_hz3(), f3db * f3db * f3db / 3.0);
  EXPECT_TRUE(ideal.sections(32e9).empty());
  // f^2 noise through a Butterworth-2: integral of x^2 / (1 + x^4) = pi / (2 sqrt 2), in f3db^3.
  RxSpec rx = receiver(FilterShape::kButterworth2, false);
  rx.input_capacitance_pf = 0.2;
  const ReceiverFilter cap(rx, 0.0);
  EXPECT_NEAR(cap.f2_noise_integral_hz3() / (f3db * f3db * f3db),
              std::numbers::pi / (2 * std::numbers::sqrt2), 2e-4);
}

TEST(ReceiverFilter, ResponseIsTiaTimesCtle) {
  const ReceiverFilter rx(receiver(FilterShape::kButterworth2, true), 6.0);
  const auto tia = make_lowpass(FilterShape::kButterworth2);
  for (double f : {1e8, 1e9, 3e9})
    EXPECT_EQ(rx.response(f), tia->response(1.4e9, f) * ctle_response(6.0, 2.5e9, f));
}

// Each thread keeps the noise integrals of the receivers it built last. Receivers that differ in
// one thing the integrals depend on (shape, bandwidth, CTLE on or off, peaking, pole, the f^2
// term) get their own values: built in a row on one thread, after 70 others have pushed the first
// ones out, and on a fresh thread (nothing kept), the integrals are the same bits.
TEST(ReceiverFilter, KeptNoiseIntegralsAreEachReceiversOwn) {
  std::vector<std::pair<RxSpec, double>> variants;
  for (FilterShape shape : {FilterShape::kIdeal, FilterShape::kFirstOrder, FilterShape::kGaussian,
                            FilterShape::kButterworth2})
    for (bool ctle : {false, true}) variants.push_back({receiver(shape, ctle), 6.0});
  RxSpec rx = receiver(FilterShape::kButterworth2, true);
  variants.push_back({rx, 3.0});
  rx.bandwidth_ghz = 1.1;
  variants.push_back({rx, 3.0});
  rx.ctle_pole_ghz = 2.0;
  variants.push_back({rx, 3.0});
  rx.input_capacitance_pf = 0.2;
  variants.push_back({rx, 3.0});
  rx.ctle = false;
  variants.push_back({rx, 0.0});
  using Integrals = std::vector<std::pair<double, double>>;
  auto integrals = [&] {
    Integrals out;
    for (const auto& [spec, peaking] : variants) {
      const ReceiverFilter f(spec, peaking);
      out.push_back({f.noise_bandwidth_hz(), f.f2_noise_integral_hz3()});
    }
    return out;
  };
  Integrals fresh;
  std::thread([&] { fresh = integrals(); }).join();
  EXPECT_EQ(integrals(), fresh);
  EXPECT_EQ(integrals(), fresh);  // now every one from what the thread kept
  for (int p = 0; p < 70; ++p) ReceiverFilter(receiver(FilterShape::kFirstOrder, true), 0.1 * p);
  EXPECT_EQ(integrals(), fresh);
  // The variants' integrals differ from one another, so a key that missed a field would show.
  for (std::size_t i = 1; i < fresh.size(); ++i) {
    if (variants[i].first.filter != FilterShape::kIdeal || variants[i].first.ctle) {
      EXPECT_NE(fresh[i], fresh[i - 1]) << i;
    }
  }
}

// The bilinear sections are prewarped at each corner: there the digital response equals the
// analog one exactly, and the DC gain is 1.
TEST(ReceiverFilter, SectionsMatchTheAnalogResponseAtEachCorner) {
  const double fs = 16 * 2.135e9;
  for (FilterShape shape : {FilterShape::kFirstOrder, FilterShape::kButterworth2}) {
    const ReceiverFilter tia(receiver(shape, false), 0.0);
    const std::vector<Biquad> s = tia.sections(fs);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_NEAR(std::abs(digital_response(s, 0.0, fs)), 1.0, 1e-12);
    EXPECT_NEAR(std::abs(digital_response(s, 1.4e9, fs)), std::sqrt(0.5), 1e-12);
  }
  const ReceiverFilter both(receiver(FilterShape::kFirstOrder, true), 8.0);
  const std::vector<Biquad> s = both.sections(fs);
  ASSERT_EQ(s.size(), 2u);
  const std::vector<Biquad> ctle{s[1]};
  EXPECT_NEAR(std::abs(digital_response(ctle, 2.5e9, fs)),
              std::abs(ctle_response(8.0, 2.5e9, 2.5e9)), 1e-12);
  EXPECT_NEAR(std::abs(digital_response(s, 0.0, fs)), 1.0, 1e-12);
}

TEST(ReceiverFilter, GaussianTiaHasNoSections) {
  const ReceiverFilter g(receiver(FilterShape::kGaussian, true), 0.0);
  try {
    (void)g.sections(32e9);
    FAIL() << "no ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "rx.filter");
    EXPECT_NE(std::string(e.what()).find("a Gaussian receiver has no causal recursive form"),
              std::string::npos);
  }
}

// The double-precision cascade from rest: a first-order section's step response settles at 1 and
// its impulse response sums to 1.
TEST(Biquad, ResponseFromRest) {
  const std::vector<Biquad> s{bilinear({{1, 0, 0}, {1, 1, 0}}, 1e9, 32e9)};
  std::vector<double> step(2000, 1.0), impulse(2000, 0.0);
  impulse[0] = 1.0;
  EXPECT_NEAR(biquad_response(s, step).back(), 1.0, 1e-12);
  double sum = 0.0;
  for (double v : biquad_response(s, impulse)) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

}  // namespace
}  // namespace mosaic::phy
