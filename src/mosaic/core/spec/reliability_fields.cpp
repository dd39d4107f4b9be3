#include "mosaic/core/spec/schema.hpp"

namespace mosaic {

void add_reliability_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  out.push_back(real("reliability.channel_fit", &S::reliability, &ReliabilitySpec::channel_fit, 0.0,
                     1e6, "FIT", "Failure rate of one channel (microLED + driver + TIA)"));
  out.push_back(real("reliability.common_fit", &S::reliability, &ReliabilitySpec::common_fit, 0.0,
                     1e7, "FIT", "Failure rate of the parts every channel needs, in series"));
  out.push_back(real("reliability.service_life_years", &S::reliability,
                     &ReliabilitySpec::service_life_years, 0.01, 100.0, "years",
                     "Service life over which link FIT is averaged"));
}

}  // namespace mosaic
