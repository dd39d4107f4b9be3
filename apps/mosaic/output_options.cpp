#include "output_options.hpp"

#include "mosaic/core/error.hpp"
#include "mosaic_io/output_path.hpp"

namespace mosaic::cli {

void add_output_options(CLI::App& cmd, OutputOptions& output, const std::string& what) {
  cmd.add_flag("--json", output.json, "Print " + what + " as JSON instead of text");
  add_html_option(cmd, output);
}

void add_html_option(CLI::App& cmd, OutputOptions& output) {
  cmd.add_option_function<std::string>(
         "--html",
         [&output](const std::string& path) {
           if (path.empty())
             throw ConfigError("--html", "\"\"", "a file path (an empty path names no file)");
           output.html = path;
         },
         "Also write a self-contained HTML page to FILE (as `mosaic report` of the JSON)")
      ->type_name("FILE");
}

void check_outputs(const OutputOptions& output, const std::vector<std::string>& inputs) {
  if (!output.html.empty()) io::check_output_path(output.html, "--html", inputs);
}

}  // namespace mosaic::cli
