#pragma once

#include <nlohmann/json.hpp>

namespace mosaic::record {

// Every design key: key, unit, doc, allowed, default (of the 800g preset), choices or min/max, in
// schema order.
nlohmann::json keys_to_json();

// Every study's options: {study: {doc, options: [{name, kind, unit, doc, allowed, default,
// choices | min/max, positional, path}]}}, in table order.
nlohmann::json options_to_json();

}  // namespace mosaic::record
