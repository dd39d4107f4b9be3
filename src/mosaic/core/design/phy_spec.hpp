#pragma once

#include <optional>

namespace mosaic {

// Shape of a low-pass element. kIdeal is an explicit pass-through (infinite bandwidth).
enum class FilterShape { kIdeal, kFirstOrder, kGaussian, kButterworth2 };
enum class LedModel { kLinear, kRateEquation };
enum class NoiseModel { kNone, kThermal, kThermalShot };
enum class ThresholdMode { kOptimal, kMidEye };
// kCdr: every channel samples at its own best phase. kForwardedClock: one phase per clock group
// (array row), so each channel's skew becomes a static phase offset.
enum class ClockMode { kCdr, kForwardedClock };
// The TIA's input device: it sets how its noise grows with temperature and the voltage noise its
// transconductance leaves (phy/receiver_input.hpp).
enum class InputStage { kMos, kBipolar };
enum class DataPattern { kRandom, kPrbs7, kPrbs15, kPrbs31 };
// The imaging fiber's physics (phy/fiber.hpp): kGaussianFit, fitted chromatic and modal spreads
// (k L^gamma) in quadrature with fixed crosstalk and skew keys; kGeometric, everything from the
// fiber's geometry and glass (docs/physics.md, "Imaging fiber").
enum class FiberModelKind { kGaussianFit, kGeometric };
// Refractive-index profile of each core (geometric model): step, or graded as a power law.
enum class FiberProfile { kStep, kGraded };
// Core glass (geometric model), each with its Sellmeier coefficients (phy/core_glass.cpp).
enum class CoreGlass { kSilica, kGeo2Silica, kLeadSilicate };

struct ChannelSpec {
  bool operator==(const ChannelSpec&) const = default;

  double rate_gbps = 2.135;  // per-channel NRZ line rate (the 800G host stream + markers)
  DataPattern pattern = DataPattern::kRandom;
};

struct ArraySpec {
  bool operator==(const ArraySpec&) const = default;

  int rows = 23;
  int cols = 20;
  double pitch_um = 50.0;
  int data_channels = 400;
  int ecc_channels = 10;
  int spare_channels = 50;
  double dead_probability = 0.002;  // chance that a pixel is dead at manufacture
  // Side of each square photodiode as a fraction of the pitch (geometric fiber model: it sets how
  // much of a channel's own spot and of its neighbours' it collects). 0.8: a 40 um pixel at 50 um.
  double photodiode_fill = 0.8;
};

struct LedSpec {
  bool operator==(const LedSpec&) const = default;

  LedModel model = LedModel::kLinear;
  FilterShape filter = FilterShape::kFirstOrder;
  double f3db_ghz = 1.1;              // small-signal bandwidth at 25 degC (linear model)
  double launch_power_dbm = 0.0;      // mean optical power coupled from one LED, before fiber
  double extinction_ratio_db = 10.0;  // P1 / P0
  double pre_emphasis = 0.0;          // 2-tap FIR weight on the previous bit (0 = off)
  double wavelength_nm = 450.0;
  double fwhm_nm = 15.0;
  double power_sigma_db = 0.5;    // per-channel log-normal spread of optical power (1 sigma)
  double bandwidth_sigma = 0.05;  // per-channel relative spread of bandwidth (1 sigma)
  // Blue InGaN output droops by roughly 0.5-1 dB from 25 to 85 degC at constant current (thermal
  // droop: carrier leakage and Shockley-Read-Hall rise with temperature); docs/calibration.md.
  double power_tc_db_per_k = -0.01;
  double bandwidth_tc_per_k = -0.0005;  // relative bandwidth change per kelvin
  double wavelength_tc_nm_per_k = 0.05;
  // The pixel's carriers (ABC recombination in the active region): the rate-equation model's
  // dynamics and, for every model, what drive current the launch costs (phy/led_drive.hpp). The
  // drive is derived from launch_power_dbm and extinction_ratio_db, never given.
  // Fitted (docs/power.md), an optimistic pixel (high extraction, low Auger, one thin well) sized
  // so that the presets' 0 dBm launch at ~1.1 GHz costs what the published 1.2 W analog budget of
  // the 800G end allows (EQE ~0.69 at ~5.6 kA/cm^2, 3.3 V at the 1 level).
  double diameter_um = 3.5;
  double active_thickness_nm = 2.5;  // one quantum well: ~1.1 GHz small-signal at 0 dBm's drive
  double a_per_s = 1.0e8;            // Shockley-Read-Hall + surface (passivated sidewalls)
  double b_cm3_per_s = 7.0e-11;      // radiative
  double c_cm6_per_s = 2.0e-31;      // Auger (low end of InGaN's reported range)
  // Fraction of the photons made in the active region that leave the chip towards the micro-lens:
  // EQE = extraction x IQE.
  double extraction_efficiency = 0.8;
  // Forward voltage V = n_id kT/q ln(1 + J/J_s) + I R_s, R_s = series_resistance / area.
  double ideality_factor = 2.0;
  double saturation_current_density_a_per_cm2 = 1e-22;  // 2.6 V at 1 A/cm^2 with n_id = 2
  double series_resistance_ohm_cm2 = 2e-5;              // 208 ohm for a 3.5 um mesa
  // Highest current density the pixel is driven to at its 1 level (heating and wear-out set it):
  // a launch that needs more is refused, not costed.
  double max_current_density_a_per_cm2 = 50000.0;
  // Junction-to-case thermal resistance of one pixel: T_j = T_case + R_th x heat (the drive's
  // electrical power minus its light). Default: the spreading resistance 1 / (4 k a) of a disc of
  // the mesa's radius a = 1.75 um into a sapphire-like substrate, k = 35 W/(m K) (4.1 kK/W).
  // Read by LED ageing (reliability.ageing_model = tm21); the optics stay at the case temperature.
  double thermal_resistance_k_per_w = 4000.0;
};

struct CouplingSpec {
  bool operator==(const CouplingSpec&) const = default;

  double tx_db = 2.0;            // LED into fiber cores (TIR micro-lens), loss in dB
  double connector_db = 0.5;     // connector loss in dB
  double rx_db = 1.5;            // fiber onto photodiode, loss in dB
  double sigma_db = 0.3;         // per-channel spread of the total coupling (1 sigma, dB)
  double edge_penalty_db = 1.0;  // extra loss of channels on the array's outer ring
};

struct FiberSpec {
  bool operator==(const FiberSpec&) const = default;

  FiberModelKind model = FiberModelKind::kGaussianFit;
  double length_m = 30.0;
  double attenuation_db_per_m = 0.22;
  bool chromatic_dispersion = true;
  double dispersion_ps_per_nm_km = -770.0;
  // dD/dlambda at the centre wavelength: fused silica's Sellmeier fit gives +5.8 ps/(nm^2 km) at
  // 450 nm; carries the LED's thermal wavelength shift into the dispersion.
  double dispersion_slope_ps_per_nm2_km = 5.8;
  bool modal_dispersion = true;
  double modal_k_ps = 2.0;  // sigma_md = k * L^gamma; restricted launch of the custom coupler
  double modal_gamma = 0.8;
  bool crosstalk = true;
  double xt_adjacent_db = -27.0;    // power fraction leaking from each edge neighbour at 0 m
  double xt_diagonal_db = -33.0;    // ... from each diagonal neighbour at 0 m
  double xt_growth_per_m = 2.0e-5;  // linear power fraction added per metre (core coupling)
  double skew_rms_ps = 20.0;
  double latency_ns_per_m = 5.0;
  // Geometric model (fiber.model = geometric): the fiber from its geometry and glass. Defaults are
  // the documented parameter set of docs/physics.md (a 3 um, NA 0.3 step-index imaging fiber).
  double core_diameter_um = 3.0;
  double core_na = 0.30;
  FiberProfile profile = FiberProfile::kStep;
  double profile_exponent = 2.0;  // graded: n^2(r) = n1^2 (1 - 2 Delta (r/a)^g)
  double core_pitch_um = 4.5;
  CoreGlass core_glass = CoreGlass::kGeo2Silica;
  double launch_na = 0.21;  // what the coupler launches: the TIR lens's +-12 deg
  double attenuation_450nm_db_per_m = 0.22;
  double rayleigh_db_per_km_um4 = 1.0;     // Rayleigh part A / lambda^4 of the attenuation
  double mode_coupling_length_m = 1000.0;  // beyond it the modal spread grows as sqrt(L)
  double spot_diameter_um = 40.0;          // 1/e^2 diameter of a channel's spot on the fiber face
  double core_coupling_per_m = 1e-3;       // power to each neighbouring core per metre, 450 nm
  double length_mismatch_ppm = 100.0;      // rms relative core-length mismatch between channels
  double bend_radius_m = 0.0;              // 0 = straight
  double bend_fraction = 1.0;              // part of the length bent at bend_radius_m, one sense
  double launch_tilt_rms_deg = 1.0;        // per-channel tilt of the launch cone (each axis)
};

struct RxSpec {
  bool operator==(const RxSpec&) const = default;

  double responsivity_a_per_w = 0.25;  // at 450 nm; proportional to wavelength (constant QE)
  FilterShape filter = FilterShape::kButterworth2;
  double bandwidth_ghz = 1.4;
  NoiseModel noise = NoiseModel::kThermalShot;
  // Input-referred TIA noise current density at 25 degC: GHz-class integrated TIAs on small
  // photodiodes sit at a few pA/sqrt(Hz) (docs/calibration.md); beside the f^2 term below, the
  // 800G published point bounds the white part to about 6. It grows with the case temperature by
  // the input stage's law (phy/receiver_input.hpp).
  double noise_density_pa_rthz = 5.5;
  InputStage input_stage = InputStage::kMos;
  // The f^2 noise: the input device's voltage noise across the photodiode + input capacitance,
  // i_n^2(f) = (2 pi f C e_n)^2. Unset, C is the pixel's depletion capacitance plus the TIA's
  // input and e_n follows from the input device's transconductance; 0 pF turns the term off.
  std::optional<double> input_capacitance_pf;
  double depletion_um = 1.5;               // the photodiode's depletion width (silicon pixel)
  double tia_input_capacitance_pf = 0.04;  // the TIA input device's own (gate) capacitance
  std::optional<double> voltage_noise_nv_rthz;
  // Highest mean received power the TIA takes without compressing its eye (chosen: sized for the
  // module's own 0 dBm launch over the shortest cable; no published figure for the module).
  double overload_dbm = 0.0;
  std::optional<double> power_dbm;  // if set, the mean received power of every channel
  bool ctle = true;
  bool ctle_auto = true;         // choose the peaking once per link that minimises the BER
  double ctle_peaking_db = 0.0;  // used when ctle_auto is false
  double ctle_pole_ghz = 2.5;    // the two poles; the zero sits below them by the peaking
  double jitter_rms_ps = 15.0;
  ThresholdMode threshold = ThresholdMode::kOptimal;
  // One clock per array row forwarded beside the data (the analog-only receiver has no per-channel
  // CDR); kCdr kept for lab set-ups that recover every channel's own clock.
  ClockMode clock = ClockMode::kForwardedClock;
};

struct EnvironmentSpec {
  bool operator==(const EnvironmentSpec&) const = default;

  double case_temperature_c = 25.0;
};

// How figures are printed (the JSON always carries the exact log10 BER).
struct ReportSpec {
  bool operator==(const ReportSpec&) const = default;

  // BERs below this are printed as "< floor" with Q beside them: the Gaussian tails far below it
  // are model extrapolation, never measurable.
  double ber_floor = 1e-18;
};

}  // namespace mosaic
