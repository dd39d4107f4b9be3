#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/relay_json.hpp"
#include "spec_options.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct RelayArgs {
  SpecRequest spec;
  double gbits = 1.0;
  std::vector<std::string> fail;
  int fail_random = 0;
  std::optional<double> ber;
  std::optional<std::string> phy;
  bool json = false;
  std::string html;
};

// Per-channel BERs (and dead channels) from a `mosaic simulate --json` report.
void read_phy_report(const std::string& path, int channels, link::FaultPlan& plan) {
  std::ifstream in(path);
  if (!in)
    throw ConfigError("--phy", "\"" + path + "\"", "a readable `mosaic simulate --json` report");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception&) {
    throw ConfigError("--phy", "\"" + path + "\"", "valid JSON");
  }
  if (!j.contains("channels") || !j["channels"].is_array())
    throw ConfigError("--phy", "\"" + path + "\"", "a report with a channels[] table");
  plan.channel_ber.assign(channels, plan.background_ber);
  for (const auto& c : j["channels"]) {
    const int index = c.value("index", -1);
    if (index < 0 || index >= channels) continue;  // pixels beyond the channels of the design
    plan.channel_ber[index] = std::min(0.5, std::max(0.0, c.value("ber", 0.0)));
    if (c.value("role", std::string()) == "dead") plan.dead_channels.push_back(index);
  }
}

const RegisterCommand kRelay(30, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<RelayArgs>();
  auto* cmd = parent.add_subcommand(
      "relay",
      "Run the bit-exact link layer (gearbox, markers, deskew, cross-channel ECC, spare swaps) "
      "on a host stream and report whether the bits came out exactly");
  add_spec_options(*cmd, args->spec);
  cmd->add_option("--gbits", args->gbits, "Host traffic to relay, Gb (default 1)")
      ->check(CLI::Range(1e-6, 1e6));
  cmd->add_option("--fail", args->fail, "Channel CH dies SECONDS into the run, e.g. 17@0.002")
      ->type_name("CH@SECONDS");
  cmd->add_option("--fail-random", args->fail_random, "K active channels die at random times")
      ->type_name("K")
      ->check(CLI::Range(0, 4095));
  auto* ber = cmd->add_option("--ber", args->ber, "Background BER on every channel")
                  ->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--phy", args->phy, "Per-channel BERs from a `mosaic simulate --json` report")
      ->type_name("REPORT.json")
      ->excludes(ber);
  cmd->add_flag("--json", args->json, "Print the result as JSON");
  cmd->add_option("--html", args->html, "Also write a self-contained HTML report to FILE")
      ->type_name("FILE");
  return [args] {
    const LinkSpec spec = load_spec(args->spec);
    const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
    link::RelayOptions opt;
    opt.host_bits = static_cast<std::uint64_t>(args->gbits * 1e9);
    if (args->ber) opt.faults.background_ber = *args->ber;
    if (args->phy) read_phy_report(*args->phy, cfg.physical_channels, opt.faults);
    const double periods = std::ceil(opt.host_bits / double(cfg.host_bits_per_period()));
    const double run_s = (periods + cfg.training_periods) * cfg.period_s();
    for (const auto& f : args->fail) {
      const auto at = f.find('@');
      try {
        if (at == std::string::npos) throw std::invalid_argument(f);
        opt.faults.failures.push_back({std::stoi(f.substr(0, at)), std::stod(f.substr(at + 1))});
      } catch (const std::exception&) {
        throw ConfigError("--fail", "\"" + f + "\"", "CHANNEL@SECONDS, e.g. 17@0.002");
      }
    }
    if (args->fail_random > 0) {
      if (args->fail_random > cfg.active_lanes())
        throw ConfigError("--fail-random", std::to_string(args->fail_random),
                          "0.." + std::to_string(cfg.active_lanes()));
      Rng rng(spec.seed, RngPurpose::kLinkFaults, 0xFA11);
      std::vector<int> pool(cfg.active_lanes());
      for (int i = 0; i < cfg.active_lanes(); ++i) pool[i] = i;
      for (int i = 0; i < args->fail_random; ++i) {
        std::swap(pool[i], pool[i + rng.next_u32() % (cfg.active_lanes() - i)]);
        opt.faults.failures.push_back({pool[i], rng.uniform() * run_s});
      }
    }
    TerminalProgress progress("relay");
    opt.progress = &progress;
    const link::RelayResult r = link::run_relay(spec, opt);
    progress.finish();
    if (!args->html.empty())
      report::write_html(
          report::html_page_data(report::relay_to_json(r), report::ReportKind::kRelay, spec),
          args->html);
    if (args->json) {
      std::printf("%s\n", report::relay_to_json(r).dump(2).c_str());
    } else {
      std::printf("bits in              %llu\n", (unsigned long long)r.bits_in);
      std::printf("bits out             %llu\n", (unsigned long long)r.bits_out);
      std::printf("bit-exact            %s (%llu bit errors)\n", r.bit_exact ? "yes" : "no",
                  (unsigned long long)r.bit_errors);
      std::printf("ECC corrected bits   %llu (uncorrectable bit times %llu)\n",
                  (unsigned long long)r.ecc_corrected_bits,
                  (unsigned long long)r.ecc_uncorrectable_bit_times);
      std::printf("swaps                %zu\n", r.swaps.size());
      for (const auto& s : r.swaps)
        std::printf("  %.6f s  lane %d: channel %d -> spare %d\n", s.time_s, s.lane, s.from_channel,
                    s.to_channel);
      std::printf("host FEC codewords   %llu: %llu corrected, %llu uncorrectable\n",
                  (unsigned long long)r.fec.codewords, (unsigned long long)r.fec.corrected,
                  (unsigned long long)r.fec.uncorrectable);
      std::printf("frame loss ratio     %.3g (analytic %.3g)\n", r.fec.frame_loss_ratio,
                  r.analytic.frame_loss_ratio);
      std::printf("link state           %s (worst %s)\n", link::link_state_name(r.link_state),
                  link::link_state_name(r.worst_state));
      std::printf("wall time            %.2f s\n", r.wall_s);
    }
    if (r.silent_corruption) {
      std::fprintf(stderr, "mosaic: silent corruption: %llu codewords wrong without a flag\n",
                   (unsigned long long)r.fec.silent);
      return 3;
    }
    return 0;
  };
});

}  // namespace
}  // namespace mosaic::cli
