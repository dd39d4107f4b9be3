#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mosaic::io {

// Renders the page (pages::render_html) into `path`, whole or not at all (AtomicFile). `field`
// names the option the path came from, for error messages.
void write_html_file(const nlohmann::json& page_data, const std::string& path,
                     const std::string& field = "--html");

}  // namespace mosaic::io
