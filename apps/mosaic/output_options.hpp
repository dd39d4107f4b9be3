#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace mosaic::cli {

// How a study's result is shown: the text page (default), the JSON record, an HTML page. These
// are the front end's, not the study's: they change what is printed, never a figure.
struct OutputOptions {
  bool json = false;
  std::string html;
};

// --json and --html FILE; `what` says what --json prints. An empty FILE is refused.
void add_output_options(CLI::App& cmd, OutputOptions& output, const std::string& what);
// --html FILE alone, for a command whose record is its only output (the cable's summary).
void add_html_option(CLI::App& cmd, OutputOptions& output);

// Refuses, before the study runs, an --html path that cannot be written whole or names one of
// the run's `inputs` (io::check_output_path).
void check_outputs(const OutputOptions& output, const std::vector<std::string>& inputs);

}  // namespace mosaic::cli
