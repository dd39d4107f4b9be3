#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic::sweep {

// One design key (or, in a cluster sweep, one cluster key) that varies across a sweep.
struct Axis {
  std::string key;
  const FieldDesc* field = nullptr;
  const ClusterField* cluster_field = nullptr;  // a cluster sweep's axis instead
  // Listed axes (explicit values or a range) hold their values; sampled axes hold min/max and
  // are drawn jointly with the other sampled axes.
  std::vector<FieldValue> values;
  bool sampled = false;
  double min = 0.0;
  double max = 0.0;
  bool log_scale = false;

  const FieldInfo& info() const {
    return field ? static_cast<const FieldInfo&>(*field) : *cluster_field;
  }
};

enum class Combine { kProduct, kZip };
enum class SamplingMethod { kRandom, kLatinHypercube };

struct Sampling {
  SamplingMethod method = SamplingMethod::kLatinHypercube;
  int count = 0;
  std::uint64_t seed = 1;
};

// The design space of a sweep: axes, how listed axes combine, and how sampled axes are drawn.
// Point i assigns points[i][j] to axes[j].key of the base design.
struct Grid {
  std::vector<Axis> axes;
  Combine combine = Combine::kProduct;
  Sampling sampling;
  std::vector<std::vector<FieldValue>> points;
};

// Most points a sweep may hold (each point's values live in memory until the sweep ends).
inline constexpr std::size_t kMaxSweepPoints = 1000000;

// Fills grid.points from the axes: listed axes as a product (the first axis varies slowest) or
// zipped (equal lengths), then the sampled axes as one more dimension of `sampling.count` joint
// draws (uniform random or Latin hypercube, keyed by `sampling.seed`; log-uniform on a log
// scale; integers rounded). Throws ConfigError for zipped axes of unequal length.
void expand(Grid& grid);

// The base design with point `index`'s values applied and validated; throws ConfigError naming
// the key, the point and the allowed range.
LinkSpec point_spec(const LinkSpec& base, const Grid& grid, std::size_t index);
// The same for a cluster sweep: the base cluster with point `index`'s values, validated.
ClusterSpec point_cluster(const ClusterSpec& base, const Grid& grid, std::size_t index);

}  // namespace mosaic::sweep
