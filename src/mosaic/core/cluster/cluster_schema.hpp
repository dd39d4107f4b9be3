#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/schema/builders.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic {

// One key of a cluster description: the single description the TOML keys, --set, the JSON echo,
// `mosaic keys --cluster`, sweep axes and the docs come from.
using ClusterField = Field<ClusterSpec>;

// Every cluster key, in a stable documented order.
FieldTable<ClusterSpec> cluster_fields();
const ClusterField* find_cluster_field(std::string_view key);

// "TECH:FIELD=VALUE" items of links.adjust.
TechnologyAdjust parse_technology_adjust(const std::string& text, const FieldInfo& field);
std::string format_technology_adjust(const TechnologyAdjust& adjust);

// Builders for the per-section tables: a member of one section of the cluster.
namespace cluster_schema {

template <class Section, class T>
auto in(Section ClusterSpec::*section, T Section::*member) {
  return [ section, member ](auto& spec) -> auto& {
    return (spec.*section).*member;
  };
}

template <class Section, class T>
ClusterField real(std::string key, Section ClusterSpec::*s, T Section::*m, double lo, double hi,
                  std::string unit, std::string doc) {
  return schema::real_at<ClusterSpec>(std::move(key), in(s, m), lo, hi, std::move(unit),
                                      std::move(doc));
}
template <class Section>
ClusterField optional_real(std::string key, Section ClusterSpec::*s,
                           std::optional<double> Section::*m, double lo, double hi,
                           std::string unit, std::string doc) {
  return schema::optional_real_at<ClusterSpec>(std::move(key), in(s, m), lo, hi, std::move(unit),
                                               std::move(doc));
}
template <class Section, class T>
ClusterField integer(std::string key, Section ClusterSpec::*s, T Section::*m, double lo, double hi,
                     std::string unit, std::string doc) {
  return schema::integer_at<ClusterSpec>(std::move(key), in(s, m), lo, hi, std::move(unit),
                                         std::move(doc));
}
template <class Section>
ClusterField optional_integer(std::string key, Section ClusterSpec::*s,
                              std::optional<int> Section::*m, double lo, double hi,
                              std::string unit, std::string doc) {
  return schema::optional_integer_at<ClusterSpec>(std::move(key), in(s, m), lo, hi, std::move(unit),
                                                  std::move(doc));
}
template <class Section>
ClusterField boolean(std::string key, Section ClusterSpec::*s, bool Section::*m, std::string doc) {
  return schema::boolean_at<ClusterSpec>(std::move(key), in(s, m), std::move(doc));
}
template <class Section, class E>
ClusterField choice(std::string key, Section ClusterSpec::*s, E Section::*m, std::string doc) {
  return schema::choice_at<ClusterSpec>(std::move(key), in(s, m), std::move(doc));
}
template <class Section>
ClusterField text(std::string key, Section ClusterSpec::*s, std::string Section::*m,
                  std::string syntax, std::string doc) {
  return schema::text_at<ClusterSpec>(std::move(key), in(s, m), std::move(syntax), std::move(doc));
}
template <class Section, class Item, class Parse, class Format>
ClusterField list(std::string key, Section ClusterSpec::*s, std::vector<Item> Section::*m,
                  std::string syntax, std::string doc, Parse parse, Format format) {
  return schema::list_at<ClusterSpec>(std::move(key), in(s, m), std::move(syntax), std::move(doc),
                                      parse, format);
}

}  // namespace cluster_schema

// Per-section tables, each beside its sections.
void add_fabric_fields(std::vector<ClusterField>& out);      // cluster, scale_up, rack, floor
void add_network_fields(std::vector<ClusterField>& out);     // scale_out, workload
void add_technology_fields(std::vector<ClusterField>& out);  // links, fleet

}  // namespace mosaic
