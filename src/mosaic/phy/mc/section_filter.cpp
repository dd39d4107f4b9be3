#include "mosaic/phy/mc/section_filter.hpp"

#include <cassert>

#include "mosaic/phy/mc/kernels.hpp"

namespace mosaic::phy::mc {

SectionFilter::SectionFilter(std::span<const Biquad> sections, float gain)
    : sections_(static_cast<int>(sections.size())), gain_(gain) {
  assert(sections_ <= kMaxSections);
  for (const Biquad& s : sections)
    coef_.insert(coef_.end(),
                 {float(s.b[0]), float(s.b[1]), float(s.b[2]), float(s.a[1]), float(s.a[2])});
  // Scaling the first numerator scales the whole cascade, with no extra pass over the samples.
  if (!coef_.empty())
    for (int k = 0; k < 3; ++k) coef_[k] *= gain_;
  state_.assign(2 * sections.size() * kLanes, 0.0f);
}

void SectionFilter::process(std::span<const float> in, std::span<float> out) {
  assert(in.size() == out.size() && in.size() % kLanes == 0);
  if (sections_ == 0) {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i] * gain_;
    return;
  }
  sos_lanes(coef_.data(), sections_, state_.data(), in.data(), out.data(), in.size() / kLanes);
}

void SectionFilter::reset() {
  std::fill(state_.begin(), state_.end(), 0.0f);
}

}  // namespace mosaic::phy::mc
