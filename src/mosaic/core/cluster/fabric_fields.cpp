#include "mosaic/core/cluster/cluster_schema.hpp"

namespace mosaic {

void add_fabric_fields(std::vector<ClusterField>& out) {
  using namespace cluster_schema;
  using S = ClusterSpec;
  using C = ClusterSection;
  out.push_back(integer("cluster.gpus", &S::cluster, &C::gpus, 1, 1e7, "",
                        "GPUs in the cluster (a whole number of scale-up domains)"));
  out.push_back(integer("cluster.seed", &S::cluster, &C::seed, 0, 9007199254740991.0, "",
                        "Seed of the fleet Monte Carlo's random streams"));
  out.push_back(real("cluster.service_life_years", &S::cluster, &C::service_life_years, 0.01, 100.0,
                     "years", "Years the fleet Monte Carlo follows the cluster"));
  out.push_back(real("cluster.mttr_h", &S::cluster, &C::mttr_h, 0.0, 1e5, "h",
                     "Mean time to replace a failed cable or module (the Monte Carlo's repairs)"));
  out.push_back(real("cluster.confidence", &S::cluster, &C::confidence, 0.5, 0.999999, "",
                     "Confidence level of every Monte Carlo interval"));

  using U = ScaleUpSpec;
  out.push_back(integer("scale_up.domain_gpus", &S::scale_up, &U::domain_gpus, 1, 1e6, "",
                        "GPUs in one scale-up (NVLink-like) domain"));
  out.push_back(integer("scale_up.tiers", &S::scale_up, &U::tiers, 0, 2, "",
                        "Switch tiers of the domain: 0 = on one board (no cables), 1 = every "
                        "GPU to the domain's chips, 2 = first tier in each rack, second in the "
                        "spine racks"));
  out.push_back(integer("scale_up.links_per_gpu", &S::scale_up, &U::links_per_gpu, 1, 1024, "",
                        "Links from each GPU into the domain's switches"));
  out.push_back(integer("scale_up.lanes_per_link", &S::scale_up, &U::lanes_per_link, 1, 64, "",
                        "Lanes of one link, per direction"));
  out.push_back(real("scale_up.lane_rate_gbps", &S::scale_up, &U::lane_rate_gbps, 1.0, 1e4, "Gb/s",
                     "Rate of one lane, per direction"));
  out.push_back(integer("scale_up.switch_ports", &S::scale_up, &U::switch_ports, 2, 4096, "",
                        "Links of one switch chip"));
  out.push_back(integer("scale_up.chips_per_tray", &S::scale_up, &U::chips_per_tray, 1, 64, "",
                        "Switch chips per switch tray"));
  out.push_back(integer("scale_up.spine_racks", &S::scale_up, &U::spine_racks, 0, 1000, "",
                        "Racks of second-tier switch trays per domain (scale_up.tiers = 2), in "
                        "the middle of the domain's racks"));
  out.push_back(real("scale_up.step_latency_us", &S::scale_up, &U::step_latency_us, 0.0, 1e4, "us",
                     "Latency of one collective step inside the domain, cables aside"));

  using R = RackSpec;
  out.push_back(integer("rack.gpus", &S::rack, &R::gpus, 1, 4096, "", "GPUs per compute rack"));
  out.push_back(integer("rack.gpus_per_tray", &S::rack, &R::gpus_per_tray, 1, 64, "",
                        "GPUs per compute tray"));
  out.push_back(integer("rack.switch_trays", &S::rack, &R::switch_trays, 0, 256, "",
                        "First-tier scale-up switch trays a compute rack holds"));
  out.push_back(integer("rack.units", &S::rack, &R::units, 1, 100, "U",
                        "Height of a rack in rack units (1U = 44.45 mm)"));
  out.push_back(real("rack.compute_tray_u", &S::rack, &R::compute_tray_u, 0.5, 20.0, "U",
                     "Height of a compute tray"));
  out.push_back(real("rack.switch_tray_u", &S::rack, &R::switch_tray_u, 0.5, 20.0, "U",
                     "Height of a switch tray"));
  out.push_back(real("rack.reserved_u", &S::rack, &R::reserved_u, 0.0, 100.0, "U",
                     "Units for power shelves and management, half at the bottom, half on top"));
  out.push_back(real("rack.base_w_per_gpu", &S::rack, &R::base_w_per_gpu, 0.0, 1e5, "W",
                     "IT power per GPU besides cables and modules (GPU, CPU share, memory, "
                     "fans, conversion)"));
  out.push_back(real("rack.switch_tray_w", &S::rack, &R::switch_tray_w, 0.0, 1e5, "W",
                     "Power of one scale-up switch tray, cables and modules aside"));
  out.push_back(real("rack.power_limit_kw", &S::rack, &R::power_limit_kw, 0.1, 1e4, "kW",
                     "Power the rack's feed delivers"));
  out.push_back(choice("rack.cooling", &S::rack, &R::cooling,
                       "Cooling class: air (40 kW per rack by default) or liquid (140 kW)"));
  out.push_back(optional_real("rack.cooling_kw", &S::rack, &R::cooling_kw, 0.1, 1e4, "kW",
                              "Heat the cooling removes from one rack (default: the class's)"));

  using F = FloorSpec;
  out.push_back(integer("floor.racks_per_row", &S::floor, &F::racks_per_row, 1, 10000, "",
                        "Compute racks per row (switch racks of a row come on top)"));
  out.push_back(real("floor.rack_pitch_m", &S::floor, &F::rack_pitch_m, 0.1, 1000.0, "m",
                     "Centre-to-centre distance of neighbouring racks in a row"));
  out.push_back(real("floor.row_pitch_m", &S::floor, &F::row_pitch_m, 0.1, 1000.0, "m",
                     "Centre-to-centre distance of neighbouring rows (rack depth + aisle)"));
  out.push_back(real("floor.first_u_m", &S::floor, &F::first_u_m, 0.0, 10.0, "m",
                     "Height of a rack's lowest unit above the floor"));
  out.push_back(real("floor.overhead_m", &S::floor, &F::overhead_m, 0.0, 10.0, "m",
                     "Height of the overhead cable tray above the rack tops"));
  out.push_back(real("floor.slack_fraction", &S::floor, &F::slack_fraction, 0.0, 10.0, "",
                     "Extra length on every run, as a fraction of its route"));
  out.push_back(real("floor.service_loop_m", &S::floor, &F::service_loop_m, 0.0, 10.0, "m",
                     "Service loop kept at each end of a cable"));
  out.push_back(boolean("floor.side_pass_through", &S::floor, &F::side_pass_through,
                        "Neighbouring racks of a row cable through their side walls at tray "
                        "height instead of overhead"));
}

}  // namespace mosaic
