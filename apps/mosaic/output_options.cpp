#include "output_options.hpp"

namespace mosaic::cli {

void add_output_options(CLI::App& cmd, OutputOptions& output, const std::string& what) {
  cmd.add_flag("--json", output.json, "Print " + what + " as JSON instead of text");
  cmd.add_option("--html", output.html,
                 "Also write a self-contained HTML page to FILE (as `mosaic report` of the JSON)")
      ->type_name("FILE");
}

}  // namespace mosaic::cli
