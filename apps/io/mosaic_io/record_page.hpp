#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace mosaic::io {

// The study behind a record's HTML page, shared by every front end: recognises the record's kind,
// computes the figures its page draws beyond the record (page_figures, with the shipped baseline
// catalog) and hands both to pages::html_page_data. `source` names the record in errors.
nlohmann::json record_page_data(const nlohmann::json& record, const std::string& source,
                                std::optional<int> eye_stat = std::nullopt);

// record_page_data rendered and written to `path` whole or not at all; `field` names the option
// the path came from.
void write_record_page(const nlohmann::json& record, const std::string& path,
                       const std::string& field, std::optional<int> eye_stat = std::nullopt);

}  // namespace mosaic::io
