#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace mosaic::io {

// Records (the --json documents of simulate, relay, compare, fleet, cable and cluster) are read
// back by the report study, from the command line and from Python. A record is at most this
// large: the largest design the memory budget lets `simulate` evaluate (about 87,000 pixels)
// writes about 50 MB.
inline constexpr std::size_t kMaxRecordFileBytes = std::size_t{64} << 20;

// Reads the record at `path` within the limits (a regular file, kMaxRecordFileBytes, its parsed
// size within the memory budget, nesting within kMaxJsonDepth) and checks it (check_record).
// ConfigError naming `field` otherwise.
nlohmann::json read_record(const std::string& path, const std::string& field);

// The same for a record's text (Python hands over the record it holds).
nlohmann::json parse_record(std::string_view text, const std::string& field);

// A record as mosaic writes it, or refused with ConfigError naming `field` and the first member
// that is missing or of the wrong type: a JSON object; with a `kind`, the common header
// (schema_version an integer from 1 to this version's, mosaic_version and command strings, seed
// an integer >= 0, spec an object); the kind's own members with their JSON types (the
// `required` lists of schemas/<kind>.schema.json). A record without `kind` (from before the
// header) is recognised by its members as before, and checked the same way.
void check_record(const nlohmann::json& record, const std::string& field);

}  // namespace mosaic::io
