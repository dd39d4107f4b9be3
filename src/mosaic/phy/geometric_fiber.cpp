#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/units.hpp"
#include "mosaic/phy/core_glass.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/image_transfer.hpp"
#include "mosaic/phy/modal_delay.hpp"

namespace mosaic::phy {
namespace {

constexpr double kRayleighReferenceUm = 0.45;  // fiber.attenuation_450nm_db_per_m's wavelength

// Attenuation (dB/m): Rayleigh A / lambda^4 plus a wavelength-independent rest (absorption and
// waveguide imperfections), the two anchored together at 450 nm.
double attenuation_db_per_m(const FiberSpec& f, double wavelength_m) {
  const double l_um = wavelength_m * 1e6;
  const double rayleigh_450 = f.rayleigh_db_per_km_um4 / std::pow(kRayleighReferenceUm, 4) * 1e-3;
  const double rayleigh = f.rayleigh_db_per_km_um4 / std::pow(l_um, 4) * 1e-3;
  return rayleigh + std::max(0.0, f.attenuation_450nm_db_per_m - rayleigh_450);
}

}  // namespace

// fiber.model = geometric: every figure from the cores, their glass, the launch and the bend
// (docs/physics.md, "Imaging fiber").
FiberResponse geometric_fiber_response(const LinkSpec& spec) {
  const FiberSpec& f = spec.fiber;
  const double lambda = spec.led.wavelength_nm * 1e-9;
  const double length = f.length_m;
  const double c = units::kSpeedOfLight_m_per_s;
  FiberResponse r;

  // Chromatic: the core glass's D and dD/dlambda at the (case-temperature) centre wavelength,
  // over the LED's Gaussian spectrum: delay D L x + S L x^2 / 2 for a wavelength offset x of rms
  // sigma_lambda has variance (D L s)^2 + (S L s^2)^2 / 2.
  const GlassIndex glass = glass_index(sellmeier_of(f.core_glass), lambda);
  const double n_group = group_index(glass, lambda);
  const double d = dispersion_s_per_m2(glass, lambda);
  const double slope = dispersion_slope_s_per_m3(glass, lambda);
  const double s_lambda = rms_spectral_width_nm(spec.led.fwhm_nm) * 1e-9;
  r.dispersion_ps_per_nm_km = d * 1e6;
  if (f.chromatic_dispersion)
    r.sigma_cd_s = std::sqrt(std::pow(d * length * s_lambda, 2) +
                             0.5 * std::pow(slope * length * s_lambda * s_lambda, 2));

  // Modal: the uncoupled delay density of one core, then mode coupling. Below the coupling
  // length the spread grows as L, beyond it as sqrt(L Lc): sigma = sigma_u / sqrt(1 + L/Lc). The
  // share w = 1/(1 + L/Lc) keeps the uncoupled shape (compressed by w), the rest is Gaussian.
  CoreGeometry core;
  core.radius_m = 0.5 * f.core_diameter_um * 1e-6;
  core.na = f.core_na;
  core.n1 = glass.n;
  core.group_index = n_group;
  core.profile = f.profile;
  core.profile_exponent = f.profile_exponent;
  const ModalDelays modes = modal_delays(core, f.launch_na, lambda, length);
  const double w = 1.0 / (1.0 + length / f.mode_coupling_length_m);
  ModalDelays kept = modes;
  double sigma_coupled = 0.0;
  if (f.modal_dispersion) {
    r.sigma_md_s = modes.rms_s * std::sqrt(w);
    sigma_coupled = r.sigma_md_s * std::sqrt(1.0 - w);
  } else {
    kept.weight.assign(1, 1.0);
    kept.first_bin_s = 0.0;
    kept.bin_width_s = 0.0;
  }
  r.model = make_modal_fiber(std::hypot(r.sigma_cd_s, sigma_coupled), kept, w);
  r.sigma_s = r.model->rms_spread_s();

  // Losses: attenuation at this wavelength, the launch the core profile refuses, and the own
  // spot's light that misses its photodiode.
  ImageGeometry img;
  img.spot_diameter_m = f.spot_diameter_um * 1e-6;
  img.pixel_pitch_m = spec.array.pitch_um * 1e-6;
  img.photodiode_fill = spec.array.photodiode_fill;
  img.core_pitch_m = f.core_pitch_um * 1e-6;
  img.core_radius_m = core.radius_m;
  img.core_na = f.core_na;
  img.mean_mode_q = modes.mean_q;
  img.wavelength_m = lambda;
  img.coupling_450_per_m = f.core_coupling_per_m;
  img.length_m = length;
  const ImageTransfer image = image_transfer(img);
  const double attenuation = attenuation_db_per_m(f, lambda);
  const double launch_loss_db = -units::linear_to_db(modes.guided_fraction);
  const double collection_loss_db = -units::linear_to_db(image.own_fraction);
  r.loss_db = attenuation * length + launch_loss_db + collection_loss_db;
  if (f.crosstalk) {
    r.kappa_adjacent = image.kappa_adjacent;
    r.kappa_diagonal = image.kappa_diagonal;
  }

  // Skew: a core's flight time is L N / c. Length mismatch (random per channel), the bend (a
  // fiber x across the strand from its neutral axis is longer by x/R over the bent length), and
  // the launch tilt: a cone tilted by t fills higher mode groups, delayed by c1 Delta q with
  // q = t^2 / NA^2, until mode coupling has forgotten the launch (over Lc).
  const double tau_per_m = n_group / c;
  r.latency_s = length * tau_per_m;
  r.skew.random_rms_s = tau_per_m * length * f.length_mismatch_ppm * 1e-6;
  if (f.bend_radius_m > 0.0)
    r.skew.bend_s_per_m = tau_per_m * f.bend_fraction * length / f.bend_radius_m;
  if (f.modal_dispersion && modes.bin_width_s > 0.0) {
    const double lc = f.mode_coupling_length_m;
    const double memory_m = lc * (1.0 - std::exp(-length / lc));
    r.skew.tilt_s_per_rad2 =
        modal_first_order_coefficient(core) * n_group * memory_m / (2.0 * glass.n * glass.n * c);
    r.skew.tilt_rms_rad = f.launch_tilt_rms_deg * std::numbers::pi / 180.0;
  }

  const double fill = std::numbers::pi * core.radius_m * core.radius_m /
                      (std::sqrt(3.0) / 2.0 * img.core_pitch_m * img.core_pitch_m);
  const double etendue_spot_um = spec.led.diameter_um / std::min(1.0, f.launch_na);
  r.assumptions = {
      fmt::format("Imaging fiber (geometric): core glass {} at {:.1f} nm: n = {:.4f}, group index "
                  "{:.4f}, D = {:.0f} ps/(nm km), dD/dlambda = {:.2f} ps/(nm^2 km) (Sellmeier); "
                  "chromatic spread sqrt((D L s)^2 + (S L s^2)^2 / 2) over the Gaussian spectrum, "
                  "taken as Gaussian; fiber.core_na sets the cladding index; the glass's "
                  "temperature coefficient of index and the cladding's dispersion are neglected",
                  sellmeier_source(f.core_glass), lambda * 1e9, glass.n, n_group,
                  r.dispersion_ps_per_nm_km, slope * 1e-3),
      fmt::format("Modal (geometric): {} cores of {} um, NA {}: V = {:.2f}, {:.0f} modes, {:.1f} "
                  "filled by launch NA {} ({:.1f} % of the launch guided); ray (WKB) delays of "
                  "the mode groups (Gloge and Marcatili, profile dispersion neglected), the "
                  "launch uniform over each core's area and over its solid angle; uncoupled rms "
                  "{:.0f} ps; mode coupling over {} m: sigma = sigma_u / sqrt(1 + L/Lc) = {:.0f} "
                  "ps, its shape moving from the uncoupled density to a Gaussian",
                  enum_name(f.profile), f.core_diameter_um, f.core_na, modes.v_number, modes.modes,
                  modes.modes_excited, f.launch_na, 100.0 * modes.guided_fraction,
                  modes.rms_s * 1e12, f.mode_coupling_length_m, r.sigma_md_s * 1e12),
      fmt::format("Crosstalk (geometric): incoherent leakage from the 8 nearest neighbours (no "
                  "beat noise); the spot ({} um), the core lattice's sampling ({} um pitch, "
                  "{:.0f} cores per spot), each core's near field and core-to-core coupling "
                  "({:.2e} /m to each neighbour at this wavelength, a random walk over the "
                  "lattice) add as Gaussian blurs, {:.2f} um rms per axis; square photodiodes "
                  "of {:.0f} um on {} um collect {:.2f} % of their own light ({:.2f} dB), "
                  "{:.1f} dB from each edge and {:.1f} dB from each diagonal neighbour",
                  f.spot_diameter_um, f.core_pitch_um, image.cores_per_spot, image.coupling_per_m,
                  image.sigma_m * 1e6, spec.array.photodiode_fill * spec.array.pitch_um,
                  spec.array.pitch_um, 100.0 * image.own_fraction, collection_loss_db,
                  units::linear_to_db(std::max(image.kappa_adjacent, 1e-30)),
                  units::linear_to_db(std::max(image.kappa_diagonal, 1e-30))),
      fmt::format("Attenuation (geometric): {:.4f} dB/m at {:.1f} nm: Rayleigh {} dB/(km um^4) / "
                  "lambda^4 plus a wavelength-independent rest, {} dB/m in all at 450 nm; no "
                  "bend loss",
                  attenuation, lambda * 1e9, f.rayleigh_db_per_km_um4,
                  f.attenuation_450nm_db_per_m),
      fmt::format("Skew (geometric): flight time {:.3f} ps/mm; core-length mismatch {} ppm rms; "
                  "bend {}; launch tilt {} deg rms per axis delayed as a higher mode group until "
                  "the coupling length forgets it",
                  tau_per_m * 1e9, f.length_mismatch_ppm,
                  f.bend_radius_m > 0.0
                      ? fmt::format("radius {} m over {:.0f} % of the length, array columns in "
                                    "the bend plane (x/R across the strand)",
                                    f.bend_radius_m, 100.0 * f.bend_fraction)
                      : std::string("none (straight)"),
                  f.launch_tilt_rms_deg),
      fmt::format("Launch (geometric): coupling.tx_db carries the LED's capture into the cores "
                  "(the cores fill {:.0f} % of the face); by etendue a {} um LED launched "
                  "within NA {} keeps all its light only on a spot of at least {:.0f} um (here "
                  "{} um): the model charges no loss for a narrower launch",
                  100.0 * fill, spec.led.diameter_um, f.launch_na, etendue_spot_um,
                  f.spot_diameter_um)};
  return r;
}

}  // namespace mosaic::phy
