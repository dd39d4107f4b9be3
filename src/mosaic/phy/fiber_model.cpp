#include "mosaic/phy/fiber_model.hpp"

#include <cmath>

namespace mosaic::phy {

std::shared_ptr<const FiberModel> make_fiber_model(FiberModelKind kind, double sigma_cd_s,
                                                   double sigma_md_s) {
  switch (kind) {
    case FiberModelKind::kGaussian:
      return make_gaussian_fiber(std::hypot(sigma_cd_s, sigma_md_s));
  }
  return make_gaussian_fiber(std::hypot(sigma_cd_s, sigma_md_s));
}

}  // namespace mosaic::phy
