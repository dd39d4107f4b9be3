#include "pipeline.hpp"

#include "mosaic/report/simulate.hpp"

namespace mosaic::python {

report::LinkReport run_pipeline(const LinkSpec& spec, const PipelineRequest& request,
                                const std::string& command) {
  report::SimulateOptions options;
  options.threads = request.threads;
  options.margin = request.margin;
  options.degradation = request.degradation;
  options.monte_carlo = request.monte_carlo || !request.eye_channels.empty();
  options.mc_channels = request.mc_channels;
  options.eye_channels = request.eye_channels;
  return report::simulate(spec, options, command);
}

}  // namespace mosaic::python
