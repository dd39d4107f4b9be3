#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/link_faults.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/relay_json.hpp"
#include "mosaic/report/report_json.hpp"
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
  bool physics = false;
  int threads = 0;
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
    // log10_ber is exact where "ber" saturates at the smallest double.
    plan.channel_ber[index] = c.contains("log10_ber") && c["log10_ber"].is_number()
                                  ? std::min(0.5, std::pow(10.0, c["log10_ber"].get<double>()))
                                  : std::min(0.5, std::max(0.0, c.value("ber", 0.0)));
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
  cmd->add_option("--fail-random", args->fail_random,
                  "K active channels die at random times in service (after link-up, early "
                  "enough for their swaps to complete within the run)")
      ->type_name("K")
      ->check(CLI::Range(0, 4095));
  auto* ber = cmd->add_option("--ber", args->ber, "Background BER on every channel")
                  ->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--phy", args->phy, "Per-channel BERs from a `mosaic simulate --json` report")
      ->type_name("REPORT.json")
      ->excludes(ber);
  cmd->add_flag("--physics", args->physics,
                "Per-channel BERs from evaluating this design's physics first (as `--phy` with "
                "the report of `mosaic simulate` on the same design and seed)")
      ->excludes(ber)
      ->excludes("--phy");
  cmd->add_option("--threads", args->threads,
                  "Worker threads for --physics (0 = all cores); results do not depend on it")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--json", args->json, "Print the result as JSON");
  cmd->add_option("--html", args->html, "Also write a self-contained HTML report to FILE")
      ->type_name("FILE");
  return [args] {
    const LinkSpec spec = load_spec(args->spec);
    const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
    link::RelayOptions opt;
    opt.host_bits = static_cast<std::uint64_t>(args->gbits * 1e9);
    if (args->ber) opt.faults.background_ber = *args->ber;
    if (args->phy && args->physics)
      throw ConfigError("--physics", "with --phy", "one source of per-channel BERs");
    if (args->phy) read_phy_report(*args->phy, cfg.physical_channels, opt.faults);
    if (args->physics) {
      EvalOptions physics;
      physics.threads = args->threads;
      physics.margin = false;
      physics.bathtubs = false;
      apply_physics(evaluate(spec, physics), cfg.physical_channels, opt.faults);
    }
    for (const auto& f : args->fail) {
      const auto at = f.find('@');
      try {
        if (at == std::string::npos) throw std::invalid_argument(f);
        opt.faults.failures.push_back({std::stoi(f.substr(0, at)), std::stod(f.substr(at + 1))});
      } catch (const std::exception&) {
        throw ConfigError("--fail", "\"" + f + "\"", "CHANNEL@SECONDS, e.g. 17@0.002");
      }
    }
    // Drawn at link-up among the channels then in service, after training and early enough for
    // their swaps to complete within the run.
    opt.random_deaths = args->fail_random;
    TerminalProgress progress("relay");
    opt.progress = &progress;
    const link::RelayResult r = link::run_relay(spec, opt);
    progress.finish();
    if (!args->html.empty())
      report::write_html(
          report::html_page_data(report::relay_to_json(r), report::ReportKind::kRelay, spec),
          args->html);
    if (args->json) {
      nlohmann::json j = report::header_json(invocation(), spec);
      j.update(report::relay_to_json(r));
      std::printf("%s\n", j.dump(2).c_str());
    } else {
      std::printf("bits in              %llu\n", (unsigned long long)r.bits_in);
      std::printf("bits out             %llu\n", (unsigned long long)r.bits_out);
      std::printf("bit-exact            %s (%llu bit errors)\n", r.bit_exact ? "yes" : "no",
                  (unsigned long long)r.bit_errors);
      std::printf("ECC corrected bits   %llu (uncorrectable bit times %llu)\n",
                  (unsigned long long)r.ecc_corrected_bits,
                  (unsigned long long)r.ecc_uncorrectable_bit_times);
      std::printf("mapped out           %zu at link-up\n", r.mapped_out.size());
      for (const auto& m : r.mapped_out_why)
        std::printf("  channel %d: %s (%llu errors in %llu training bits)\n", m.channel,
                    link::verdict_name(m.reason), (unsigned long long)m.errors,
                    (unsigned long long)m.bits);
      std::printf("swaps                %zu\n", r.swaps.size());
      for (const auto& s : r.swaps)
        std::printf("  %.6f s  lane %d: channel %d -> spare %d (%s)\n", s.time_s, s.lane,
                    s.from_channel, s.to_channel, link::verdict_name(s.reason));
      if (!r.spares_exhausted.empty())
        std::printf("no spare left        %zu failing lanes kept as erasures\n",
                    r.spares_exhausted.size());
      std::printf("post-ECC BER         %.3g (predicted %.3g)\n", r.post_ecc_ber,
                  r.predicted.post_ecc_ber);
      std::printf(
          "host FEC (%s)       %llu codewords: %llu corrected, %llu uncorrectable, %llu "
          "silent\n",
          r.host_fec.c_str(), (unsigned long long)r.fec.codewords,
          (unsigned long long)r.fec.corrected, (unsigned long long)r.fec.uncorrectable,
          (unsigned long long)r.fec.silent);
      std::printf("codeword error ratio %.3g (analytic %.3g)\n", r.fec.codeword_error_ratio,
                  r.analytic.codeword_error_ratio);
      std::printf("frame loss ratio     %.3g (analytic %.3g)\n", r.fec.frame_loss_ratio,
                  r.analytic.frame_loss_ratio);
      std::string why;
      if (r.state_reasons & link::kReasonCodewordsLost) why += " codewords_lost";
      if (r.state_reasons & link::kReasonNoSpare) why += " no_spare";
      if (r.state_reasons & link::kReasonErasures) why += " erasures";
      if (r.state_reasons & link::kReasonResidualBer) why += " post_ecc_ber";
      std::printf(
          "link state           %s (worst %s; periods up %lld, degraded %lld, down %lld;%s)\n",
          link::link_state_name(r.link_state), link::link_state_name(r.worst_state),
          (long long)(r.periods - r.periods_degraded - r.periods_down),
          (long long)r.periods_degraded, (long long)r.periods_down,
          why.empty() ? " no reason" : why.c_str());
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
