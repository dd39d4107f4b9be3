#pragma once

namespace mosaic::phy {

// How one channel's light is imaged from its LED onto the photodiode array through the cores of
// the imaging fiber (SI units). Every blur is taken as Gaussian and their variances add per axis:
//  - the launched spot (1/e^2 diameter D: sigma = D / 4);
//  - the core lattice's sampling: light landing in a core's hexagonal cell leaves from that core
//    (a hexagon of inradius pitch/2 has per-axis variance 5 pitch^2 / 72);
//  - each core's near field: its area plus the evanescent tail of the excited modes, radius
//    a + 1/gamma with gamma = (2 pi / lambda) NA sqrt(1 - q_mean) (per-axis variance r^2 / 4);
//  - core-to-core coupling: a random walk over the lattice at h per metre to each of 6
//    neighbours, per-axis variance 3 h pitch^2 L; h scales with the evanescent overlap across
//    the gap between cores, h(lambda) = h_450 exp(-2 gap (gamma(lambda) - gamma(450 nm))).
// Square photodiodes of side fill x pitch on the array's pitch collect it.
struct ImageGeometry {
  double spot_diameter_m = 0.0;
  double pixel_pitch_m = 0.0;
  double photodiode_fill = 1.0;  // photodiode side / pixel pitch
  double core_pitch_m = 0.0;
  double core_radius_m = 0.0;
  double core_na = 0.0;
  double mean_mode_q = 0.0;  // mean normalised mode group of the launched light (0..1)
  double wavelength_m = 0.0;
  double coupling_450_per_m = 0.0;  // h at 450 nm
  double length_m = 0.0;
};

struct ImageTransfer {
  double sigma_m = 0.0;           // per-axis rms of a channel's light at the photodiodes
  double sigma_coupling_m = 0.0;  // the part from core-to-core coupling
  double coupling_per_m = 0.0;    // h at this wavelength
  double cores_per_spot = 0.0;    // cores within the spot's 1/e^2 diameter
  double own_fraction = 1.0;      // of a channel's light on its own photodiode
  double kappa_adjacent = 0.0;    // on an edge neighbour's photodiode, relative to own_fraction
  double kappa_diagonal = 0.0;    // on a diagonal neighbour's, relative to own_fraction
};

ImageTransfer image_transfer(const ImageGeometry& g);

}  // namespace mosaic::phy
