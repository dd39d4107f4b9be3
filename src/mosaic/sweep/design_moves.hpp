#pragma once

#include <optional>
#include <tuple>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::sweep {

// The moves of `mosaic design`'s search (docs/sweep.md): a design's shape (data channels, ECC or
// none, spares) and the knobs the power model prices, each stepped around one design.

struct Shape {
  int data = 0;
  bool ecc = false;
  int spares = 0;
  bool operator<(const Shape& o) const {
    return std::tie(data, ecc, spares) < std::tie(o.data, o.ecc, o.spares);
  }
  bool operator==(const Shape&) const = default;
};

Shape shape_of(const LinkSpec& spec);

// `base` with that shape: the smallest extended-Hamming ECC when it has one, the smallest
// near-square array, the line rate the host stream needs over its data channels. Nothing when
// the shape leaves a key's range or the design's relations.
std::optional<LinkSpec> shaped(const LinkSpec& base, const Shape& shape);

// The search with no feasible shape: the launch (-3 to +3 dB in 1.5 dB steps) against the
// receiver bandwidth (0.8x, 1x, 1.25x) around one design, itself left out.
std::vector<LinkSpec> launch_receiver_grid(const LinkSpec& around);

// The knobs the power model prices, one coordinate at a time around one design:
//   launch      the LED's drive current pays for the light (and ages the LED faster);
//   LED         a faster LED needs more bias current than the launch alone;
//   receiver    the TIA's input device and the limiting stages scale with the bandwidth;
//   CTLE        off saves its stage; its poles cost as a limiting stage does.
enum class Knob { kLaunch, kLed, kReceiver, kCtle };
// Passes of the descent: each moves every knob once; the search stops early when none moved.
constexpr int kDescentPasses = 3;
constexpr Knob kKnobs[] = {Knob::kLaunch, Knob::kLed, Knob::kReceiver, Knob::kCtle};

// Each step of one knob around a design (those that leave a range are left out).
std::vector<LinkSpec> knob_steps(const LinkSpec& around, Knob knob);

}  // namespace mosaic::sweep
