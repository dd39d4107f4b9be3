#pragma once

#include <string>

#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::pages {

// A short, readable summary of a report for the terminal.
std::string text_summary(const Evaluation& evaluation);

}  // namespace mosaic::pages
