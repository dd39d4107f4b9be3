#include "mosaic/core/cluster/cluster_schema.hpp"

namespace mosaic {

FieldTable<ClusterSpec> cluster_fields() {
  static const std::vector<ClusterField> fields = [] {
    std::vector<ClusterField> out;
    add_fabric_fields(out);
    add_network_fields(out);
    add_technology_fields(out);
    return out;
  }();
  return fields;
}

const ClusterField* find_cluster_field(std::string_view key) {
  return find_field_in(cluster_fields(), key);
}

}  // namespace mosaic
