#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace mosaic::io {

// JSON nested deeper than this is no document mosaic writes (its records nest six deep): it is
// refused while parsing, before any recursive code (dump, a page, a destructor) meets it.
inline constexpr int kMaxJsonDepth = 64;

// Parses a JSON document a user hands in (a --phy report, a record for the report study).
// Throws ConfigError naming `field`: for text that is not JSON ("byte N", allowed: `expected`),
// a number beyond double range, or nesting deeper than kMaxJsonDepth.
nlohmann::json parse_json_document(std::string_view text, const std::string& field,
                                   const std::string& expected);

}  // namespace mosaic::io
