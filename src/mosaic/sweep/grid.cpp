#include "mosaic/sweep/grid.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "mosaic/core/cluster/cluster_validate.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::sweep {
namespace {

FieldValue sampled_value(const Axis& axis, double u) {
  const double x = axis.log_scale ? axis.min * std::pow(axis.max / axis.min, u)
                                  : axis.min + u * (axis.max - axis.min);
  if (axis.info().kind == FieldKind::kInteger) return FieldValue{std::int64_t{std::llround(x)}};
  return FieldValue{x};
}

// u[i][j]: the unit-interval draw of sample i on sampled axis j.
std::vector<std::vector<double>> unit_draws(const Sampling& s, int axes) {
  const auto n = static_cast<std::size_t>(s.count);
  std::vector<std::vector<double>> u(n, std::vector<double>(axes));
  for (int j = 0; j < axes; ++j) {
    Rng rng(s.seed, RngPurpose::kSweepSample, static_cast<std::uint64_t>(j));
    if (s.method == SamplingMethod::kRandom) {
      for (std::size_t i = 0; i < n; ++i) u[i][j] = rng.uniform();
      continue;
    }
    // Latin hypercube: each of the n strata of every axis holds exactly one sample; the strata
    // are matched across axes by an independent random permutation per axis.
    std::vector<std::size_t> stratum(n);
    std::iota(stratum.begin(), stratum.end(), std::size_t{0});
    Rng shuffle(s.seed, RngPurpose::kSweepSample, static_cast<std::uint64_t>(j), 1);
    for (std::size_t i = n; i > 1; --i) std::swap(stratum[i - 1], stratum[shuffle.next_u64() % i]);
    for (std::size_t i = 0; i < n; ++i)
      u[i][j] = (static_cast<double>(stratum[i]) + rng.uniform()) / static_cast<double>(n);
  }
  return u;
}

}  // namespace

void expand(Grid& grid) {
  std::vector<int> listed, sampled;
  for (int j = 0; j < static_cast<int>(grid.axes.size()); ++j)
    (grid.axes[j].sampled ? sampled : listed).push_back(j);

  // The number of points is known before any is built: a product of axes too large to hold is
  // refused up front instead of exhausting memory.
  double total = grid.combine == Combine::kZip && !listed.empty()
                     ? static_cast<double>(grid.axes[listed[0]].values.size())
                     : 1.0;
  if (grid.combine != Combine::kZip)
    for (int j : listed) total *= static_cast<double>(grid.axes[j].values.size());
  if (!sampled.empty())
    total *= static_cast<double>(std::max<std::int64_t>(grid.sampling.count, 0));
  if (total > static_cast<double>(kMaxSweepPoints))
    throw ConfigError("sweep", fmt::format("{:.6g} points", total),
                      "at most " + std::to_string(kMaxSweepPoints) +
                          " points (each is held in memory; split the sweep)");

  // Listed part: rows of value indices, one per listed axis.
  std::vector<std::vector<std::size_t>> rows{{}};
  if (grid.combine == Combine::kZip && !listed.empty()) {
    const std::size_t n = grid.axes[listed[0]].values.size();
    for (int j : listed)
      if (grid.axes[j].values.size() != n)
        throw ConfigError("axis." + grid.axes[j].key,
                          std::to_string(grid.axes[j].values.size()) + " values",
                          "zipped axes of equal length (" + std::to_string(n) + ")");
    rows.assign(n, {});
    for (std::size_t i = 0; i < n; ++i) rows[i].assign(listed.size(), i);
  } else {
    for (int j : listed) {
      std::vector<std::vector<std::size_t>> next;
      for (const auto& r : rows)
        for (std::size_t v = 0; v < grid.axes[j].values.size(); ++v) {
          next.push_back(r);
          next.back().push_back(v);
        }
      rows = std::move(next);
    }
  }

  const auto u = unit_draws(grid.sampling, static_cast<int>(sampled.size()));
  const std::size_t samples = sampled.empty() ? 1 : u.size();
  grid.points.clear();
  grid.points.reserve(rows.size() * samples);
  for (const auto& r : rows)
    for (std::size_t s = 0; s < samples; ++s) {
      std::vector<FieldValue> p(grid.axes.size());
      for (std::size_t k = 0; k < listed.size(); ++k)
        p[listed[k]] = grid.axes[listed[k]].values[r[k]];
      for (std::size_t k = 0; k < sampled.size(); ++k)
        p[sampled[k]] = sampled_value(grid.axes[sampled[k]], u[s][k]);
      grid.points.push_back(std::move(p));
    }
}

LinkSpec point_spec(const LinkSpec& base, const Grid& grid, std::size_t index) {
  LinkSpec spec = base;
  const auto& p = grid.points.at(index);
  try {
    for (std::size_t j = 0; j < grid.axes.size(); ++j) set_field(spec, *grid.axes[j].field, p[j]);
    validate_design(spec);
    // A point whose evaluation the machine cannot hold is refused with the others, before any
    // point runs (one point is evaluated per thread).
    check_evaluation_memory(spec);
  } catch (const ConfigError& e) {
    throw ConfigError(e.field() + " at sweep point " + std::to_string(index), e.value(),
                      e.allowed(), e.hint());
  }
  return spec;
}

ClusterSpec point_cluster(const ClusterSpec& base, const Grid& grid, std::size_t index) {
  ClusterSpec spec = base;
  const auto& p = grid.points.at(index);
  try {
    for (std::size_t j = 0; j < grid.axes.size(); ++j)
      set_field(spec, *grid.axes[j].cluster_field, p[j]);
    validate_cluster(spec);
  } catch (const ConfigError& e) {
    throw ConfigError(e.field() + " at sweep point " + std::to_string(index), e.value(),
                      e.allowed(), e.hint());
  }
  return spec;
}

}  // namespace mosaic::sweep
