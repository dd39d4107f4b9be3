"""Units and meanings of the report fields that Python exposes as attributes.

Report keys carry their unit in a suffix (``_w``, ``_db``, ``_ps``, ...), as the design keys do;
the few without one are listed in ``_PLAIN``. Attribute docstrings are built from these.
"""

_SUFFIX_UNITS = [
    ("_pa_rthz", "pA/sqrt(Hz)"),
    ("_bits_per_s", "bits/s"),
    ("_per_link_ci", "failures per link (interval)"),
    ("_per_link", "failures per link"),
    ("_dbm", "dBm"),
    ("_db", "dB"),
    ("_gbps", "Gb/s"),
    ("_ghz", "GHz"),
    ("_hz", "Hz"),
    ("_ps", "ps"),
    ("_ns", "ns"),
    ("_ui", "UI (unit intervals)"),
    ("_ua", "uA"),
    ("_w", "W"),
    ("_h", "hours"),
    ("_m", "m"),
    ("_s", "s"),
    ("_years", "years"),
    ("_fit", "FIT (failures per 1e9 device-hours)"),
]

_PLAIN = {
    "ber": ("dimensionless", "bit error ratio"),
    "log10_ber": ("log10 of a ratio", "log10 of the bit error ratio (exact even below 1e-300)"),
    "q": ("dimensionless", "Q factor with the same BER: BER = Q-function(q)"),
    "eye_height": ("fraction of the signal swing", "vertical eye opening at BER 2.4e-4"),
    "role": ("one of data / ecc / spare / dead", "lane role assigned to the channel"),
    "index": ("count", "row-major position in the array"),
    "row": ("count", "row in the array"),
    "col": ("count", "column in the array"),
    "channels": ("count", "number of channels"),
    "dead": ("count", "channels dead at manufacture"),
    "data": ("count", "data channels"),
    "ecc": ("count", "cross-channel ECC channels"),
    "spare": ("count", "spare channels"),
    "active_short": ("count", "active lanes missing for lack of live channels"),
    "median_ber": ("dimensionless", "median BER over the active channels"),
    "mean_ber": ("dimensionless", "mean BER over the active channels"),
    "worst_ber": ("dimensionless", "worst BER over the active channels"),
    "log10_mean_ber": ("log10 of a ratio", "log10 of the mean active BER"),
    "log10_median_ber": ("log10 of a ratio", "log10 of the median active BER"),
    "log10_worst_ber": ("log10 of a ratio", "log10 of the worst active BER"),
    "over_threshold": ("count", "active channels above the KP4 pre-FEC BER"),
    "threshold_ber": ("dimensionless", "KP4 pre-FEC BER threshold (2.4e-4)"),
    "capacity_ok": ("bool", "the data lanes carry the required line rate"),
    "worst_channel": ("count", "index of the worst active channel"),
    "worst_channel_bathtub_phase": ("x: UI, log10_ber", "phase bathtub of the worst active channel"),
    "worst_channel_bathtub_threshold_ua": ("x: uA, log10_ber", "threshold bathtub of the worst active channel"),
    "worst_channel_eye": ("dict: UI, ps, uA by key suffix", "the worst active channel's eye openings at KP4 and 1e-12, jitter budget and eye mask"),
    "pj_per_bit": ("pJ/bit", "energy per payload bit"),
    "powered_channels": ("count", "channels drawing power (data + ECC + powered spares)"),
    "blocks": ("list of {name, w (W), scaling}", "power per block of one end"),
    "reference": ("W", "laser/DSP reference module of the MOSAIC paper, per block"),
    "saving_vs_reference": ("fraction", "power saved against the reference module"),
    "afr": ("fraction per year", "annualized failure rate"),
    "reliability_over_life": ("probability", "R(T): no link failure within the service life"),
    "failure_probability_over_life": ("probability", "1 - R(T)"),
    "data_channels": ("count", "data channels"),
    "ecc_channels": ("count", "ECC channels"),
    "spare_channels": ("count", "spare channels"),
    "channel_fit": ("FIT", "failure rate per channel at the operating temperature"),
    "common_fit": ("FIT", "failure rate of the common parts at the operating temperature"),
    "acceleration_factor": ("dimensionless", "Arrhenius factor, operating vs reference temperature"),
    "channel_fit_contribution": ("FIT", "link FIT from running out of spares"),
    "common_fit_contribution": ("FIT", "link FIT from the common parts"),
    "channel_failure_probability": ("probability", "more channels failed than spares within the life"),
    "expected_failed_channels": ("count", "mean failed channels at the end of the life"),
    "markov": ("dict", "Markov model with repair (\"undefined\" with Weibull wear-out)"),
    "link_fit": ("FIT", "link failure rate over the service life"),
    "mttf_h": ("hours", "mean time to first failure (None: never)"),
    "confidence": ("probability", "confidence level of every interval"),
    "per_end_w": ("W", "power of one link end"),
    "per_link_w": ("W", "power of the whole link (both ends)"),
    "payload_rate_gbps": ("Gb/s", "Ethernet payload rate"),
    "saving_vs_reference_w": ("W", "power per end saved against the reference module"),
    "optical_margin_db": ("dB", "launch power every channel can lose before the worst active channel reaches KP4"),
    "optical_margin_end_of_life_db": ("dB", "optical margin at the end of the service life, the LEDs aged and the swaps made"),
    "line_rate_gbps": ("Gb/s", "line rate the data lanes carry"),
    "required_line_rate_gbps": ("Gb/s", "line rate the host traffic needs"),
    "latency_ns": ("ns", "latency added by the link (fiber and electronics)"),
    "ctle_peaking_db": ("dB", "receiver equalizer peaking (auto-tuned or given)"),
    "noise_bandwidth_ghz": ("GHz", "receiver noise bandwidth"),
    "fiber_sigma_ps": ("ps", "rms width of the fiber's impulse response"),
    "fiber_sigma_cd_ps": ("ps", "rms width from chromatic dispersion"),
    "fiber_sigma_md_ps": ("ps", "rms width from modal dispersion"),
    "crosstalk_adjacent_db": ("dB", "crosstalk from an adjacent core"),
    "crosstalk_diagonal_db": ("dB", "crosstalk from a diagonal core"),
    "service_life_h": ("hours", "service life"),
    "optical_margin_db_range": ("dB, [low, high]", "optical margin over the calibration ensemble"),
    "log10_worst_ber_range": ("log10 of a ratio, [low, high]", "log10 of the worst active BER over the calibration ensemble"),
    "worst_ber_range": ("dimensionless, [low, high]", "worst active BER over the calibration ensemble"),
    "spares_usable_range": ("count, [low, high]", "usable spares over the calibration ensemble"),
    "link_fit_range": ("FIT, [low, high]", "link FIT over the calibration ensemble"),
    "reach_m_range": ("m, [low, high]", "reach of the decisive channels over the calibration ensemble"),
}


def describe(key):
    """Returns (unit, meaning) of a report key."""
    if key in _PLAIN:
        return _PLAIN[key]
    for suffix, unit in _SUFFIX_UNITS:
        if key.endswith(suffix):
            return unit, key[: -len(suffix)].replace("_", " ")
    return "see the JSON schema in the README", key.replace("_", " ")


def docstring(key):
    unit, meaning = describe(key)
    return f"{meaning} (unit: {unit})"
