#include "mosaic_io/record_reader.hpp"

#include <utility>
#include <vector>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic_io/json_input.hpp"

namespace mosaic::io {
namespace {

constexpr const char* kRecord =
    "the --json record of mosaic simulate, relay, compare, fleet, cable or cluster";

enum class Type { kObject, kArray, kNumber, kInteger, kBoolean, kString };

struct Member {
  const char* name;
  Type type;
};

struct KindMembers {
  const char* kind;
  std::vector<Member> members;
};

// Each kind's required members (schemas/<kind>.schema.json), the ones its page reads.
const std::vector<KindMembers>& kinds() {
  static const std::vector<KindMembers> table = {
      {"simulate",
       {{"channels", Type::kArray},
        {"link", Type::kObject},
        {"power", Type::kObject},
        {"reliability", Type::kObject},
        {"assumptions", Type::kArray}}},
      {"relay",
       {{"bits_in", Type::kInteger},
        {"bits_out", Type::kInteger},
        {"bit_exact", Type::kBoolean},
        {"frames", Type::kInteger},
        {"analytic", Type::kObject},
        {"random_deaths", Type::kArray},
        {"swaps", Type::kArray}}},
      {"compare", {{"cable_m", Type::kNumber}, {"rows", Type::kArray}}},
      {"fleet",
       {{"links", Type::kInteger},
        {"failures", Type::kInteger},
        {"per_year", Type::kArray},
        {"closed_form", Type::kObject}}},
      {"cable",
       {{"interfaces", Type::kObject},
        {"link", Type::kObject},
        {"latency", Type::kObject},
        {"random_deaths", Type::kArray},
        {"directions", Type::kObject}}},
      {"cluster",
       {{"cluster", Type::kObject},
        {"technologies", Type::kArray},
        {"counts", Type::kObject},
        {"cables", Type::kObject},
        {"specified", Type::kObject},
        {"choices", Type::kArray},
        {"fleet", Type::kObject}}},
  };
  return table;
}

const char* type_name(Type t) {
  switch (t) {
    case Type::kObject:
      return "an object";
    case Type::kArray:
      return "an array";
    case Type::kNumber:
      return "a number";
    case Type::kInteger:
      return "an integer";
    case Type::kBoolean:
      return "true or false";
    case Type::kString:
      return "a string";
  }
  return "a value";
}

bool is(const nlohmann::json& j, Type t) {
  switch (t) {
    case Type::kObject:
      return j.is_object();
    case Type::kArray:
      return j.is_array();
    case Type::kNumber:
      return j.is_number();
    case Type::kInteger:
      return j.is_number_integer();
    case Type::kBoolean:
      return j.is_boolean();
    case Type::kString:
      return j.is_string();
  }
  return false;
}

std::string record_shown(const nlohmann::json& j) {
  if (j.is_object()) return "an object";
  if (j.is_array()) return "an array";
  std::string text = j.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

void require(const nlohmann::json& record, const std::string& field, const Member& m) {
  const auto it = record.find(m.name);
  if (it == record.end())
    throw ConfigError(field + " " + m.name, "missing",
                      std::string(type_name(m.type)) + " (" + kRecord + ")");
  if (!is(*it, m.type))
    throw ConfigError(field + " " + m.name, record_shown(*it),
                      std::string(type_name(m.type)) + " (" + kRecord + ")");
}

// The kind of a record from before the header named it (as pages::detect_report_kind).
std::string legacy_kind(const nlohmann::json& r) {
  if (r.contains("channels") && r.contains("link") && r.contains("spec")) return "simulate";
  if (r.contains("bits_in") && r.contains("fec_codewords")) return "relay";
  if (r.contains("rows") && r.contains("cable_m")) return "compare";
  if (r.contains("per_year") && r.contains("links")) return "fleet";
  return {};
}

}  // namespace

void check_record(const nlohmann::json& record, const std::string& field) {
  if (!record.is_object())
    throw ConfigError(field, record_shown(record), std::string("an object: ") + kRecord);
  std::string kind;
  if (const auto k = record.find("kind"); k != record.end()) {
    if (!k->is_string()) throw ConfigError(field + " kind", record_shown(*k), kRecord);
    kind = k->get<std::string>();
    require(record, field, {"schema_version", Type::kInteger});
    const auto version = record.at("schema_version").get<std::int64_t>();
    if (version < 1 || version > record::kSchemaVersion)
      throw ConfigError(field + " schema_version", std::to_string(version),
                        "1 to " + std::to_string(record::kSchemaVersion) +
                            " (a record of this or an earlier version of mosaic)");
    require(record, field, {"mosaic_version", Type::kString});
    require(record, field, {"command", Type::kString});
    require(record, field, {"seed", Type::kInteger});
    if (record.at("seed").is_number_integer() && !record.at("seed").is_number_unsigned() &&
        record.at("seed").get<std::int64_t>() < 0)
      throw ConfigError(field + " seed", record_shown(record.at("seed")), "an integer >= 0");
    require(record, field, {"spec", Type::kObject});
  } else {
    kind = legacy_kind(record);
    // A spec that is there must be a design: `spec: null` is no design, not the defaults.
    if (record.contains("spec")) require(record, field, {"spec", Type::kObject});
  }
  for (const auto& k : kinds()) {
    if (kind != k.kind) continue;
    for (const auto& m : k.members) require(record, field, m);
    return;
  }
  throw ConfigError(
      field, kind.empty() ? "a JSON document of another kind" : "kind \"" + kind + "\"", kRecord);
}

nlohmann::json parse_record(std::string_view text, const std::string& field) {
  // A parsed document takes several times its text: refused before parsing when that would pass
  // the memory budget.
  check_document_memory(text.size(), field);
  nlohmann::json record = parse_json_document(text, field, kRecord);
  check_record(record, field);
  return record;
}

nlohmann::json read_record(const std::string& path, const std::string& field) {
  return parse_record(read_input_file(path, field, kMaxRecordFileBytes), field);
}

}  // namespace mosaic::io
