#pragma once

#include <memory>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/mc/transmitter.hpp"

namespace mosaic::phy::mc {

// The nonlinear transmitter of a rate-equation microLED (RateEquationLed, RK4 per lane) driven
// between the two currents whose static light ratio is the extinction ratio (pre-emphasis on the
// current), its carrier dynamics time-scaled to the channel's bandwidth, then the fiber as a
// sample-rate FIR. State: each lane's carrier density and the fiber's light history.
std::unique_ptr<Transmitter> make_rate_equation_transmitter(const TransmitterSetup& setup,
                                                            const LedSpec& led);

}  // namespace mosaic::phy::mc
