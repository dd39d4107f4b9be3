#include "pipeline.hpp"

#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic::python {

Evaluation run_pipeline(const LinkSpec& spec, const PipelineRequest& request) {
  EvalOptions options;
  options.threads = request.threads;
  options.margin = request.margin;
  options.degradation = request.degradation;
  options.monte_carlo = request.monte_carlo || !request.eye_channels.empty();
  options.mc_channels = request.mc_channels;
  options.eye_channels = request.eye_channels;
  return evaluate(spec, options);
}

}  // namespace mosaic::python
