#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic {

void add_phy_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  // channel
  out.push_back(real("channel.rate_gbps", &S::channel, &ChannelSpec::rate_gbps, 0.01, 100.0, "Gb/s",
                     "NRZ line rate of every optical channel"));
  out.push_back(
      choice("channel.pattern", &S::channel, &ChannelSpec::pattern,
             "Data on each channel for Monte Carlo (the statistical eye assumes random)"));
  // array
  out.push_back(integer("array.rows", &S::array, &ArraySpec::rows, 1, 1000, "",
                        "Rows of the microLED / photodiode array"));
  out.push_back(
      integer("array.cols", &S::array, &ArraySpec::cols, 1, 1000, "", "Columns of the array"));
  out.push_back(real("array.pitch_um", &S::array, &ArraySpec::pitch_um, 1.0, 10000.0, "um",
                     "Centre-to-centre distance of neighbouring channels"));
  out.push_back(integer("array.data_channels", &S::array, &ArraySpec::data_channels, 1, 100000, "",
                        "Channels carrying host data"));
  out.push_back(integer("array.ecc_channels", &S::array, &ArraySpec::ecc_channels, 0, 1000, "",
                        "Channels carrying the cross-channel SECDED parity"));
  out.push_back(integer("array.spare_channels", &S::array, &ArraySpec::spare_channels, 0, 100000,
                        "",
                        "Hot spares (plus any pixels of the array beyond data + ECC + spares)"));
  out.push_back(real("array.dead_probability", &S::array, &ArraySpec::dead_probability, 0.0, 0.5,
                     "", "Probability that a pixel is dead at manufacture"));
  out.push_back(real("array.photodiode_fill", &S::array, &ArraySpec::photodiode_fill, 0.05, 1.0, "",
                     "Side of each square photodiode as a fraction of array.pitch_um "
                     "(fiber.model = geometric: own-spot collection and neighbour leakage)"));
  // led
  out.push_back(choice("led.model", &S::led, &LedSpec::model,
                       "microLED dynamics: linear low-pass, or carrier rate equation (ABC)"));
  out.push_back(
      choice("led.filter", &S::led, &LedSpec::filter, "Shape of the linear microLED response"));
  out.push_back(real("led.f3db_ghz", &S::led, &LedSpec::f3db_ghz, 0.001, 100.0, "GHz",
                     "Small-signal 3 dB bandwidth of the linear microLED at 25 degC"));
  out.push_back(real("led.launch_power_dbm", &S::led, &LedSpec::launch_power_dbm, -60.0, 20.0,
                     "dBm", "Mean optical power of one microLED before the coupling losses"));
  out.push_back(real("led.extinction_ratio_db", &S::led, &LedSpec::extinction_ratio_db, 0.1, 40.0,
                     "dB", "Ratio of the 1-level to the 0-level optical power"));
  out.push_back(real("led.pre_emphasis", &S::led, &LedSpec::pre_emphasis, 0.0, 0.5, "",
                     "2-tap analog pre-emphasis: weight subtracted for the previous bit"));
  out.push_back(real("led.wavelength_nm", &S::led, &LedSpec::wavelength_nm, 200.0, 2000.0, "nm",
                     "Centre wavelength at 25 degC"));
  out.push_back(real("led.fwhm_nm", &S::led, &LedSpec::fwhm_nm, 0.0, 200.0, "nm",
                     "Full width at half maximum of the Gaussian spectrum"));
  out.push_back(real("led.power_sigma_db", &S::led, &LedSpec::power_sigma_db, 0.0, 10.0, "dB",
                     "Per-channel spread of optical power (log-normal, 1 sigma)"));
  out.push_back(real("led.bandwidth_sigma", &S::led, &LedSpec::bandwidth_sigma, 0.0, 0.5, "",
                     "Per-channel relative spread of bandwidth (log-normal, 1 sigma)"));
  out.push_back(
      real("led.power_tc_db_per_k", &S::led, &LedSpec::power_tc_db_per_k, -1.0, 1.0, "dB/K",
           "Change of optical power with case temperature above 25 degC (thermal droop)"));
  out.push_back(real("led.bandwidth_tc_per_k", &S::led, &LedSpec::bandwidth_tc_per_k, -0.1, 0.1,
                     "1/K", "Relative change of bandwidth per kelvin above 25 degC"));
  out.push_back(real("led.wavelength_tc_nm_per_k", &S::led, &LedSpec::wavelength_tc_nm_per_k, -1.0,
                     1.0, "nm/K", "Shift of the centre wavelength per kelvin"));
  out.push_back(real("led.diameter_um", &S::led, &LedSpec::diameter_um, 0.1, 1000.0, "um",
                     "Diameter of the emitting mesa (current density = drive current / area)"));
  out.push_back(real("led.active_thickness_nm", &S::led, &LedSpec::active_thickness_nm, 0.1,
                     10000.0, "nm", "Total thickness of the quantum wells"));
  out.push_back(real("led.a_per_s", &S::led, &LedSpec::a_per_s, 0.0, 1e12, "1/s",
                     "Shockley-Read-Hall and surface recombination coefficient A"));
  out.push_back(real("led.b_cm3_per_s", &S::led, &LedSpec::b_cm3_per_s, 1e-14, 1e-6, "cm^3/s",
                     "Radiative recombination coefficient B"));
  out.push_back(real("led.c_cm6_per_s", &S::led, &LedSpec::c_cm6_per_s, 0.0, 1e-24, "cm^6/s",
                     "Auger recombination coefficient C"));
  out.push_back(real("led.extraction_efficiency", &S::led, &LedSpec::extraction_efficiency, 1e-3,
                     1.0, "",
                     "Light-extraction efficiency: EQE = extraction x IQE (the drive current "
                     "follows from the launch through it)"));
  out.push_back(real("led.ideality_factor", &S::led, &LedSpec::ideality_factor, 0.5, 20.0, "",
                     "Diode ideality factor of the forward voltage"));
  out.push_back(real("led.saturation_current_density_a_per_cm2", &S::led,
                     &LedSpec::saturation_current_density_a_per_cm2, 1e-40, 1e-3, "A/cm^2",
                     "Diode saturation current density of the forward voltage"));
  out.push_back(real("led.series_resistance_ohm_cm2", &S::led, &LedSpec::series_resistance_ohm_cm2,
                     0.0, 1.0, "ohm cm^2",
                     "Area-specific series resistance (contacts and spreading) of the mesa"));
  out.push_back(
      real("led.max_current_density_a_per_cm2", &S::led, &LedSpec::max_current_density_a_per_cm2,
           1.0, 1e7, "A/cm^2",
           "Highest current density of the 1 level: a launch that needs more is refused"));
  out.push_back(real("led.thermal_resistance_k_per_w", &S::led,
                     &LedSpec::thermal_resistance_k_per_w, 0.0, 1e6, "K/W",
                     "Junction-to-case thermal resistance of one pixel: the junction runs this "
                     "much per watt of heat above the case (LED ageing)"));
  // coupling
  out.push_back(real("coupling.tx_db", &S::coupling, &CouplingSpec::tx_db, 0.0, 60.0, "dB",
                     "Loss from the microLED into the fiber cores"));
  out.push_back(real("coupling.connector_db", &S::coupling, &CouplingSpec::connector_db, 0.0, 60.0,
                     "dB", "Connector loss"));
  out.push_back(real("coupling.rx_db", &S::coupling, &CouplingSpec::rx_db, 0.0, 60.0, "dB",
                     "Loss from the fiber onto the photodiode"));
  out.push_back(real("coupling.sigma_db", &S::coupling, &CouplingSpec::sigma_db, 0.0, 10.0, "dB",
                     "Per-channel spread of the total coupling loss (1 sigma)"));
  out.push_back(real("coupling.edge_penalty_db", &S::coupling, &CouplingSpec::edge_penalty_db, 0.0,
                     20.0, "dB",
                     "Extra loss of channels imaged near the fiber's edge (outer ring)"));
  // fiber
  out.push_back(choice("fiber.model", &S::fiber, &FiberSpec::model,
                       "Imaging-fiber physics: gaussian_fit (fitted spreads k L^gamma, fixed "
                       "crosstalk and skew keys) or geometric (cores, glass, launch, bend)"));
  out.push_back(real("fiber.length_m", &S::fiber, &FiberSpec::length_m, 0.0, 1000.0, "m",
                     "Length of the imaging fiber"));
  out.push_back(real("fiber.attenuation_db_per_m", &S::fiber, &FiberSpec::attenuation_db_per_m, 0.0,
                     10.0, "dB/m", "Attenuation at the centre wavelength"));
  out.push_back(boolean("fiber.chromatic_dispersion", &S::fiber, &FiberSpec::chromatic_dispersion,
                        "Include chromatic dispersion"));
  out.push_back(real("fiber.dispersion_ps_per_nm_km", &S::fiber,
                     &FiberSpec::dispersion_ps_per_nm_km, -10000.0, 10000.0, "ps/(nm km)",
                     "Chromatic dispersion parameter D at the centre wavelength (25 degC)"));
  out.push_back(real("fiber.dispersion_slope_ps_per_nm2_km", &S::fiber,
                     &FiberSpec::dispersion_slope_ps_per_nm2_km, -1000.0, 1000.0, "ps/(nm^2 km)",
                     "dD/dlambda: carries the LED's thermal wavelength shift into D"));
  out.push_back(boolean("fiber.modal_dispersion", &S::fiber, &FiberSpec::modal_dispersion,
                        "Include modal dispersion of the high-NA cores"));
  out.push_back(real("fiber.modal_k_ps", &S::fiber, &FiberSpec::modal_k_ps, 0.0, 1e5, "ps",
                     "Modal rms spread at 1 m (sigma_md = k * L^gamma)"));
  out.push_back(real("fiber.modal_gamma", &S::fiber, &FiberSpec::modal_gamma, 0.0, 2.0, "",
                     "Length exponent of the modal spread (0.5 strong coupling, 1 none)"));
  out.push_back(boolean("fiber.crosstalk", &S::fiber, &FiberSpec::crosstalk,
                        "Include incoherent crosstalk from the 8 neighbours"));
  out.push_back(real("fiber.xt_adjacent_db", &S::fiber, &FiberSpec::xt_adjacent_db, -100.0, -3.0,
                     "dB", "Power leaking from each edge neighbour at zero length"));
  out.push_back(real("fiber.xt_diagonal_db", &S::fiber, &FiberSpec::xt_diagonal_db, -100.0, -3.0,
                     "dB", "Power leaking from each diagonal neighbour at zero length"));
  out.push_back(real("fiber.xt_growth_per_m", &S::fiber, &FiberSpec::xt_growth_per_m, 0.0, 0.01,
                     "1/m",
                     "Adjacent leakage added per metre by core-to-core coupling "
                     "(diagonal: the same scaled by the zero-length ratio)"));
  out.push_back(real("fiber.skew_rms_ps", &S::fiber, &FiberSpec::skew_rms_ps, 0.0, 1e5, "ps",
                     "Rms differential delay between channels"));
  out.push_back(real("fiber.latency_ns_per_m", &S::fiber, &FiberSpec::latency_ns_per_m, 0.0, 100.0,
                     "ns/m", "Propagation delay"));
  // fiber, geometric model (fiber.model = geometric; docs/physics.md "Imaging fiber")
  out.push_back(real("fiber.core_diameter_um", &S::fiber, &FiberSpec::core_diameter_um, 0.5, 200.0,
                     "um", "Diameter of each core (geometric)"));
  out.push_back(real("fiber.core_na", &S::fiber, &FiberSpec::core_na, 0.02, 0.9, "",
                     "Numerical aperture of each core, sqrt(n_core^2 - n_clad^2) (geometric)"));
  out.push_back(choice("fiber.profile", &S::fiber, &FiberSpec::profile,
                       "Index profile of each core: step, or graded (power law, "
                       "fiber.profile_exponent) (geometric)"));
  out.push_back(real("fiber.profile_exponent", &S::fiber, &FiberSpec::profile_exponent, 1.0, 100.0,
                     "",
                     "Exponent g of the graded profile n^2 = n1^2 (1 - 2 Delta (r/a)^g); 2 is "
                     "parabolic (geometric, fiber.profile = graded)"));
  out.push_back(real("fiber.core_pitch_um", &S::fiber, &FiberSpec::core_pitch_um, 1.0, 200.0, "um",
                     "Centre-to-centre distance of neighbouring cores, hexagonal lattice; more "
                     "than fiber.core_diameter_um (geometric)"));
  out.push_back(choice("fiber.core_glass", &S::fiber, &FiberSpec::core_glass,
                       "Core glass and its Sellmeier dispersion: silica (fused silica), "
                       "geo2_silica (13.5 mol% GeO2), lead_silicate (a lead flint, Schott F2) "
                       "(geometric)"));
  out.push_back(real("fiber.launch_na", &S::fiber, &FiberSpec::launch_na, 0.001, 1.0, "",
                     "Sine of the half-angle of the cone the coupler launches into the cores "
                     "(geometric)"));
  out.push_back(real("fiber.attenuation_450nm_db_per_m", &S::fiber,
                     &FiberSpec::attenuation_450nm_db_per_m, 0.0, 10.0, "dB/m",
                     "Attenuation at 450 nm; Rayleigh part scales as lambda^-4, the rest is "
                     "wavelength-independent (geometric)"));
  out.push_back(real("fiber.rayleigh_db_per_km_um4", &S::fiber, &FiberSpec::rayleigh_db_per_km_um4,
                     0.0, 100.0, "dB/(km um^4)",
                     "Rayleigh scattering coefficient A (loss A / lambda^4, lambda in um); at "
                     "most fiber.attenuation_450nm_db_per_m at 450 nm (geometric)"));
  out.push_back(real("fiber.mode_coupling_length_m", &S::fiber, &FiberSpec::mode_coupling_length_m,
                     0.01, 1e6, "m",
                     "Mode-coupling length: the modal spread grows as L below it and as sqrt(L) "
                     "beyond (geometric)"));
  out.push_back(real("fiber.spot_diameter_um", &S::fiber, &FiberSpec::spot_diameter_um, 1.0, 1000.0,
                     "um",
                     "1/e^2 diameter of a channel's (Gaussian) spot on the fiber face "
                     "(geometric)"));
  out.push_back(real("fiber.core_coupling_per_m", &S::fiber, &FiberSpec::core_coupling_per_m, 0.0,
                     1.0, "1/m",
                     "Power fraction a core passes to each neighbouring core per metre at 450 nm "
                     "(geometric)"));
  out.push_back(real("fiber.length_mismatch_ppm", &S::fiber, &FiberSpec::length_mismatch_ppm, 0.0,
                     1e5, "ppm",
                     "Rms relative length mismatch between channels' cores (geometric)"));
  out.push_back(real("fiber.bend_radius_m", &S::fiber, &FiberSpec::bend_radius_m, 0.0, 1e4, "m",
                     "Bend radius of the strand, array columns in the bend plane; 0 = straight "
                     "(geometric)"));
  out.push_back(real("fiber.bend_fraction", &S::fiber, &FiberSpec::bend_fraction, 0.0, 1.0, "",
                     "Part of the length bent at fiber.bend_radius_m in one sense (geometric)"));
  out.push_back(real("fiber.launch_tilt_rms_deg", &S::fiber, &FiberSpec::launch_tilt_rms_deg, 0.0,
                     30.0, "deg",
                     "Rms tilt of each channel's launch cone per axis: its modal delay offset "
                     "(geometric)"));
  // rx
  out.push_back(real("rx.responsivity_a_per_w", &S::rx, &RxSpec::responsivity_a_per_w, 0.001, 2.0,
                     "A/W",
                     "Photodiode responsivity at 450 nm; proportional to the centre wavelength "
                     "(constant quantum efficiency)"));
  out.push_back(
      choice("rx.filter", &S::rx, &RxSpec::filter, "Shape of the photodiode + TIA response"));
  out.push_back(real("rx.bandwidth_ghz", &S::rx, &RxSpec::bandwidth_ghz, 0.001, 100.0, "GHz",
                     "3 dB bandwidth of the photodiode + TIA"));
  out.push_back(choice("rx.noise", &S::rx, &RxSpec::noise, "Receiver noise sources"));
  out.push_back(real("rx.noise_density_pa_rthz", &S::rx, &RxSpec::noise_density_pa_rthz, 0.0,
                     1000.0, "pA/sqrt(Hz)",
                     "Input-referred TIA noise current density at 25 degC (grows with the "
                     "absolute case temperature by rx.input_stage's law)"));
  out.push_back(choice("rx.input_stage", &S::rx, &RxSpec::input_stage,
                       "TIA input device: mos (noise ~ T^1.25: channel noise, mobility ~ "
                       "T^-1.5) or bipolar (current noise ~ T^0.5, voltage noise ~ T)"));
  out.push_back(optional_real("rx.input_capacitance_pf", &S::rx, &RxSpec::input_capacitance_pf, 0.0,
                              1e4, "pF",
                              "Photodiode + TIA input capacitance of the f^2 noise term and the "
                              "TIA's power (unset: the pixel's depletion capacitance plus "
                              "rx.tia_input_capacitance_pf; 0 = no f^2 term)"));
  out.push_back(real("rx.depletion_um", &S::rx, &RxSpec::depletion_um, 0.05, 100.0, "um",
                     "Depletion width of the silicon photodiode: its capacitance is "
                     "eps_Si x pixel area / width"));
  out.push_back(real("rx.tia_input_capacitance_pf", &S::rx, &RxSpec::tia_input_capacitance_pf, 0.0,
                     100.0, "pF", "The TIA input device's own capacitance"));
  out.push_back(optional_real("rx.voltage_noise_nv_rthz", &S::rx, &RxSpec::voltage_noise_nv_rthz,
                              0.0, 1e4, "nV/sqrt(Hz)",
                              "TIA input voltage noise at 25 degC that the input capacitance "
                              "turns into f^2 current noise (unset: from the input device's "
                              "transconductance, sized to the receiver bandwidth)"));
  out.push_back(real("rx.overload_dbm", &S::rx, &RxSpec::overload_dbm, -60.0, 30.0, "dBm",
                     "Highest mean received power the TIA takes without compressing: an active "
                     "channel above it fails the verdict"));
  out.push_back(optional_real("rx.power_dbm", &S::rx, &RxSpec::power_dbm, -60.0, 20.0, "dBm",
                              "If set: mean received optical power of every channel, replacing "
                              "the computed budget"));
  out.push_back(
      boolean("rx.ctle", &S::rx, &RxSpec::ctle, "Analog equalizer (one zero, two poles)"));
  out.push_back(
      boolean("rx.ctle_auto", &S::rx, &RxSpec::ctle_auto,
              "Tune the CTLE peaking once per link (on a nominal channel) to the lowest BER"));
  out.push_back(real("rx.ctle_peaking_db", &S::rx, &RxSpec::ctle_peaking_db, 0.0, 20.0, "dB",
                     "CTLE high-frequency boost when not auto-tuned"));
  out.push_back(real("rx.ctle_pole_ghz", &S::rx, &RxSpec::ctle_pole_ghz, 0.01, 100.0, "GHz",
                     "Frequency of the CTLE's two poles"));
  out.push_back(real("rx.jitter_rms_ps", &S::rx, &RxSpec::jitter_rms_ps, 0.0, 1e4, "ps",
                     "Random sampling jitter (Gaussian, rms)"));
  out.push_back(choice("rx.threshold", &S::rx, &RxSpec::threshold,
                       "Decision threshold: BER-optimal or the mean of the two levels"));
  out.push_back(
      choice("rx.clock", &S::rx, &RxSpec::clock,
             "Sampling clock: one forwarded clock per array row (the module's), or a per-channel "
             "CDR (a lab set-up)"));
  // environment
  out.push_back(real("environment.case_temperature_c", &S::environment,
                     &EnvironmentSpec::case_temperature_c, -40.0, 125.0, "degC",
                     "Module case temperature"));
  // report
  out.push_back(real("report.ber_floor", &S::report, &ReportSpec::ber_floor, 1e-300, 1e-3, "",
                     "BERs below this are printed as \"< floor\" (with Q) in the text summary"));
}

}  // namespace mosaic
