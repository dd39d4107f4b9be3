#include "mosaic/phy/mc/causal_response.hpp"

#include <algorithm>
#include <cmath>
#include <unsupported/Eigen/FFT>

namespace mosaic::phy::mc {

std::vector<std::complex<double>> drive_spectrum(const EngineGrid& grid, double pre_emphasis) {
  const int n = grid.samples();
  const int os = grid.samples_per_ui;
  std::vector<std::complex<double>> drive(n, 0.0);
  const double alpha = pre_emphasis;
  for (int i = 0; i < os; ++i) {
    drive[i] = 1.0 / (1.0 + alpha);
    drive[i + os] = -alpha / (1.0 + alpha);
  }
  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> out;
  fft.fwd(out, drive);
  return out;
}

std::vector<double> shaped_response(const EngineGrid& grid,
                                    std::vector<std::complex<double>> spectrum,
                                    const std::function<std::complex<double>(double)>& h) {
  const int n = grid.samples();
  const double df = 1.0 / (n * grid.sample_s);
  for (int k = 0; k < n; ++k) {
    const double f = (k <= n / 2 ? k : k - n) * df;
    std::complex<double> v = h(std::abs(f));
    if (f < 0) v = std::conj(v);
    spectrum[k] *= v;
  }
  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> time;
  fft.inv(time, spectrum);
  std::vector<double> out(n);
  for (int i = 0; i < n; ++i) out[i] = time[i].real();
  return out;
}

std::vector<double> causal_taps(std::span<const double> h, int samples_per_ui, int delay,
                                int& taps_ui) {
  const int n = static_cast<int>(h.size());
  const int os = samples_per_ui;
  double peak = 0.0;
  for (double v : h) peak = std::max(peak, std::abs(v));
  int last = 0;
  for (int m = 0; m < n; ++m) {
    const double v = h[((m - delay) % n + n) % n];
    if (std::abs(v) > kTapFloor * peak) last = m;
  }
  taps_ui = last / os + 1;
  std::vector<double> out(static_cast<std::size_t>(taps_ui) * os);
  for (int m = 0; m < taps_ui * os; ++m) out[m] = h[((m - delay) % n + n) % n];
  return out;
}

}  // namespace mosaic::phy::mc
