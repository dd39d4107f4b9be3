#include "mosaic/phy/lowpass.hpp"

namespace mosaic::phy {

std::shared_ptr<const LowPass> make_lowpass(FilterShape shape) {
  switch (shape) {
    case FilterShape::kIdeal:
      return make_ideal_lowpass();
    case FilterShape::kFirstOrder:
      return make_first_order_lowpass();
    case FilterShape::kGaussian:
      return make_gaussian_lowpass();
    case FilterShape::kButterworth2:
      return make_butterworth2_lowpass();
  }
  return make_ideal_lowpass();
}

}  // namespace mosaic::phy
