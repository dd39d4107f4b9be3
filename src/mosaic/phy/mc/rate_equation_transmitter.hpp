#pragma once

#include <memory>

#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/phy/led_drive.hpp"
#include "mosaic/phy/mc/transmitter.hpp"

namespace mosaic::phy::mc {

// The nonlinear transmitter of a rate-equation microLED driven between the design's two currents
// (LedDrive; pre-emphasis on the current), its carrier dynamics time-scaled to the channel's
// bandwidth (RateEquationDrive, the same definition the statistical eye's pattern levels use), the
// 16 lanes' carriers integrated side by side (kernels::carrier_lanes), then the fiber as a
// sample-rate FIR. State: each lane's carrier density and the fiber's light history.
std::unique_ptr<Transmitter> make_rate_equation_transmitter(const TransmitterSetup& setup,
                                                            const LedSpec& led,
                                                            const LedDrive& drive);

}  // namespace mosaic::phy::mc
