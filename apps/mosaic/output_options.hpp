#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mosaic::cli {

// How a study's result is shown: the text page (default), the JSON record, an HTML page. These
// are the front end's, not the study's: they change what is printed, never a figure.
struct OutputOptions {
  bool json = false;
  std::string html;
};

// --json and --html FILE; `what` says what --json prints.
void add_output_options(CLI::App& cmd, OutputOptions& output, const std::string& what);

}  // namespace mosaic::cli
