#pragma once

namespace mosaic::cluster {

// Checkpoint/restart of a synchronous job (times in any one unit, e.g. seconds).
// delta: checkpoint time, restart: restart time, mtbf: mean time between interruptions.

// Young (1974): tau = sqrt(2 delta M), first order in delta / M.
double young_interval(double delta, double mtbf);
// Daly (2006), higher-order estimate: tau = sqrt(2 delta M) [1 + sqrt(delta / 2M) / 3 + (delta /
// 2M) / 9] - delta for delta < 2M, else tau = M.
double daly_interval(double delta, double mtbf);
// Daly's complete model of the wall time per unit of work:
// T_wall / T_solve = (M / tau) e^(R / M) (e^((tau + delta) / M) - 1). Infinite M gives
// (tau + delta) / tau.
double daly_wall_per_work(double tau, double delta, double restart, double mtbf);

struct Goodput {
  double mtbf_s = 0.0;
  double young_s = 0.0;
  double daly_s = 0.0;
  double goodput = 0.0;        // useful work / wall time at Daly's interval
  double goodput_young = 0.0;  // ... at Young's
};

Goodput goodput(double checkpoint_s, double restart_s, double mtbf_s);

}  // namespace mosaic::cluster
