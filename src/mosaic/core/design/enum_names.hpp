#pragma once

#include <array>
#include <string_view>
#include <utility>

#include "mosaic/core/design/schema.hpp"

namespace mosaic {

template <>
struct EnumNames<FilterShape> {
  static constexpr std::array<std::pair<FilterShape, const char*>, 4> kValues{{
      {FilterShape::kIdeal, "ideal"},
      {FilterShape::kFirstOrder, "first_order"},
      {FilterShape::kGaussian, "gaussian"},
      {FilterShape::kButterworth2, "butterworth2"},
  }};
};
template <>
struct EnumNames<LedModel> {
  static constexpr std::array<std::pair<LedModel, const char*>, 2> kValues{{
      {LedModel::kLinear, "linear"},
      {LedModel::kRateEquation, "rate_equation"},
  }};
};
template <>
struct EnumNames<NoiseModel> {
  static constexpr std::array<std::pair<NoiseModel, const char*>, 3> kValues{{
      {NoiseModel::kNone, "none"},
      {NoiseModel::kThermal, "thermal"},
      {NoiseModel::kThermalShot, "thermal_shot"},
  }};
};
template <>
struct EnumNames<ThresholdMode> {
  static constexpr std::array<std::pair<ThresholdMode, const char*>, 2> kValues{{
      {ThresholdMode::kOptimal, "optimal"},
      {ThresholdMode::kMidEye, "mid_eye"},
  }};
};
template <>
struct EnumNames<ClockMode> {
  static constexpr std::array<std::pair<ClockMode, const char*>, 2> kValues{{
      {ClockMode::kCdr, "cdr"},
      {ClockMode::kForwardedClock, "forwarded"},
  }};
};
template <>
struct EnumNames<InputStage> {
  static constexpr std::array<std::pair<InputStage, const char*>, 2> kValues{{
      {InputStage::kMos, "mos"},
      {InputStage::kBipolar, "bipolar"},
  }};
};
template <>
struct EnumNames<FiberModelKind> {
  static constexpr std::array<std::pair<FiberModelKind, const char*>, 2> kValues{{
      {FiberModelKind::kGaussianFit, "gaussian_fit"},
      {FiberModelKind::kGeometric, "geometric"},
  }};
};
template <>
struct EnumNames<FiberProfile> {
  static constexpr std::array<std::pair<FiberProfile, const char*>, 2> kValues{{
      {FiberProfile::kStep, "step"},
      {FiberProfile::kGraded, "graded"},
  }};
};
template <>
struct EnumNames<CoreGlass> {
  static constexpr std::array<std::pair<CoreGlass, const char*>, 3> kValues{{
      {CoreGlass::kSilica, "silica"},
      {CoreGlass::kGeo2Silica, "geo2_silica"},
      {CoreGlass::kLeadSilicate, "lead_silicate"},
  }};
};
template <>
struct EnumNames<DataPattern> {
  static constexpr std::array<std::pair<DataPattern, const char*>, 4> kValues{{
      {DataPattern::kRandom, "random"},
      {DataPattern::kPrbs7, "prbs7"},
      {DataPattern::kPrbs15, "prbs15"},
      {DataPattern::kPrbs31, "prbs31"},
  }};
};
template <>
struct EnumNames<HostInterface> {
  static constexpr std::array<std::pair<HostInterface, const char*>, 2> kValues{{
      {HostInterface::kPluggable, "pluggable"},
      {HostInterface::kCoPackaged, "co-packaged"},
  }};
};

template <>
struct EnumNames<AnalogPowerModel> {
  static constexpr std::array<std::pair<AnalogPowerModel, const char*>, 2> kValues{{
      {AnalogPowerModel::kPerBit, "per_bit"},
      {AnalogPowerModel::kDrive, "drive"},
  }};
};

template <>
struct EnumNames<AgeingModel> {
  static constexpr std::array<std::pair<AgeingModel, const char*>, 2> kValues{{
      {AgeingModel::kTm21, "tm21"},
      {AgeingModel::kArrhenius25c, "arrhenius_25c"},
  }};
};

template <>
struct EnumNames<McMode> {
  static constexpr std::array<std::pair<McMode, const char*>, 3> kValues{{
      {McMode::kWaveform, "waveform"},
      {McMode::kSymbol, "symbol"},
      {McMode::kImportance, "importance"},
  }};
};

template <class E>
std::string_view enum_name(E value) {
  for (const auto& [e, name] : EnumNames<E>::kValues)
    if (e == value) return name;
  return "?";
}

}  // namespace mosaic
