#include "mosaic/cluster/goodput.hpp"

#include <cmath>
#include <limits>

namespace mosaic::cluster {

double young_interval(double delta, double mtbf) {
  return std::sqrt(2.0 * delta * mtbf);
}

double daly_interval(double delta, double mtbf) {
  if (!(delta < 2.0 * mtbf)) return mtbf;
  const double x = delta / (2.0 * mtbf);
  return std::sqrt(2.0 * delta * mtbf) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - delta;
}

double daly_wall_per_work(double tau, double delta, double restart, double mtbf) {
  if (!std::isfinite(mtbf)) return (tau + delta) / tau;
  // expm1 keeps the ratio exact when the interval is tiny beside the MTBF.
  return mtbf / tau * std::exp(restart / mtbf) * std::expm1((tau + delta) / mtbf);
}

Goodput goodput(double checkpoint_s, double restart_s, double mtbf_s) {
  Goodput g;
  g.mtbf_s = mtbf_s;
  if (!std::isfinite(mtbf_s)) {
    // Nothing interrupts the job: no checkpoint is ever needed.
    g.young_s = g.daly_s = std::numeric_limits<double>::infinity();
    g.goodput = g.goodput_young = 1.0;
    return g;
  }
  g.young_s = young_interval(checkpoint_s, mtbf_s);
  g.daly_s = daly_interval(checkpoint_s, mtbf_s);
  if (checkpoint_s == 0.0) {
    // Free checkpoints: checkpoint continuously, lose only the restarts.
    g.goodput = g.goodput_young = std::exp(-restart_s / mtbf_s);
    return g;
  }
  g.goodput = 1.0 / daly_wall_per_work(g.daly_s, checkpoint_s, restart_s, mtbf_s);
  g.goodput_young = 1.0 / daly_wall_per_work(g.young_s, checkpoint_s, restart_s, mtbf_s);
  return g;
}

}  // namespace mosaic::cluster
