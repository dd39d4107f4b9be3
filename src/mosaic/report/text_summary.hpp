#pragma once

#include <string>

#include "mosaic/report/link_report.hpp"

namespace mosaic::report {

// A short, readable summary of a report for the terminal.
std::string text_summary(const LinkReport& report);

}  // namespace mosaic::report
