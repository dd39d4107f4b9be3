#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/evaluate/page_figures.hpp"
#include "mosaic/evaluate/stat_eye_figure.hpp"
#include "mosaic/reliability/survival_curve.hpp"

namespace mosaic::record {

// A statistical-eye grid: channel, phase_ui, threshold_ua, log10_ber[threshold][phase] (row-major),
// sampling_phase_ui, decision_threshold_ua, log10_ber_at_decision, and the analysis's
// eye_opening, jitter_budget and eye_mask at that point.
nlohmann::json stat_eye_to_json(const StatEyeFigure& figure);

// One channel's eye analysis: channel, sampling_phase_ui, decision_threshold_ua, signal_ua,
// log10_ber; eye_opening {kp4, ber_1e12} (height, width and the edges of each); jitter_budget (ps
// and UI; "closed" where the worst data pattern closes the eye); eye_mask (its spec, corners,
// scale, margin and pass).
nlohmann::json eye_analysis_to_json(const phy::EyeAnalysis& analysis);

// Survival over the service life: years, reliability, service_life_years.
nlohmann::json survival_to_json(const reliability::SurvivalCurve& curve);

// The figures a page draws beyond its record: {stat_eye, comparison (with its catalog), fleet,
// survival}, each present when computed.
nlohmann::json figures_to_json(const PageFigures& figures);

}  // namespace mosaic::record
