#include "mosaic/sweep/evaluate_point.hpp"

#include <chrono>

#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic/sweep/point_columns.hpp"

namespace mosaic::sweep {

Evaluation evaluate_design(const LinkSpec& spec, const PointOptions& options, int threads) {
  EvalOptions s;
  s.threads = threads;
  s.margin = options.margin;
  s.end_of_life = options.end_of_life;
  s.bathtubs = false;
  s.eye_heights = false;
  s.worst_bathtubs = true;
  return evaluate(spec, s);
}

PointResult point_result(const Evaluation& report, std::size_t index) {
  PointResult p;
  p.index = index;
  for (const auto& c : point_columns()) p.outputs.push_back(c.value(report));
  record::JsonOptions json;
  json.timing = false;
  json.command = "mosaic sweep point";
  p.report_json = record::to_json(report, json).dump();
  return p;
}

PointResult evaluate_point(const LinkSpec& spec, std::size_t index, const PointOptions& options,
                           int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  PointResult p = point_result(evaluate_design(spec, options, threads), index);
  p.eval_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return p;
}

}  // namespace mosaic::sweep
