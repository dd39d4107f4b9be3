#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/link_faults.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/report/html_report.hpp"
#include "mosaic/report/relay_json.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic_io/html_file.hpp"
#include "mosaic_io/phy_report_reader.hpp"
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

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

// "CH@SECONDS": a channel of the design failing at a time inside the run (a failure after the
// last bit would silently never happen).
link::ChannelFailure parse_failure(const std::string& text, int channels, double run_s) {
  const std::string allowed = "CHANNEL@SECONDS with CHANNEL in 0.." + std::to_string(channels - 1) +
                              " and SECONDS in [0, " + fmt::format("{:.6g}", run_s) +
                              "] (the run's length), e.g. 17@0.002";
  const auto at = text.find('@');
  if (at == std::string::npos) throw ConfigError("--fail", quoted(text), allowed);
  const char* begin = text.data();
  const char* end = begin + text.size();
  int channel = -1;
  const auto [p1, e1] = std::from_chars(begin, begin + at, channel);
  double time_s = -1.0;
  const auto [p2, e2] = std::from_chars(begin + at + 1, end, time_s);
  if (e1 != std::errc{} || p1 != begin + at || e2 != std::errc{} || p2 != end || channel < 0 ||
      channel >= channels || !std::isfinite(time_s) || time_s < 0.0 || time_s > run_s)
    throw ConfigError("--fail", quoted(text), allowed);
  return {channel, time_s};
}

const RegisterCommand kRelay(30, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<RelayArgs>();
  auto* cmd = parent.add_subcommand(
      "relay",
      "Run the bit-exact link layer (gearbox, markers, deskew, cross-channel ECC, spare swaps) "
      "on a host stream and report whether the bits came out exactly");
  add_spec_options(*cmd, args->spec);
  cmd->add_option_function<double>(
         "--gbits",
         [args](double v) {
           // Written out rather than CLI::Range, which lets NaN through.
           if (!(std::isfinite(v) && v >= 1e-6 && v <= 1e6))
             throw ConfigError("--gbits", fmt::format("{}", v), "a number in [1e-06, 1e+06] Gb");
           args->gbits = v;
         },
         "Host traffic to relay, Gb (default 1)")
      ->type_name("GB");
  cmd->add_option("--fail", args->fail, "Channel CH dies SECONDS into the run, e.g. 17@0.002")
      ->type_name("CH@SECONDS");
  cmd->add_option("--fail-random", args->fail_random,
                  "K active channels die at random times in service (after link-up, early "
                  "enough for their swaps to complete within the run)")
      ->type_name("K")
      ->check(CLI::Range(0, 4095));
  auto* ber = cmd->add_option_function<double>(
                     "--ber",
                     [args](double v) {
                       if (!(v >= 0.0 && v <= 0.5))
                         throw ConfigError("--ber", fmt::format("{}", v), "a number in [0, 0.5]");
                       args->ber = v;
                     },
                     "Background BER on every channel")
                  ->type_name("BER");
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
    check_relay_memory(spec);
    link::RelayOptions opt;
    opt.host_bits = static_cast<std::uint64_t>(args->gbits * 1e9);
    if (args->ber) opt.faults.background_ber = *args->ber;
    if (args->phy && args->physics)
      throw ConfigError("--physics", "with --phy", "one source of per-channel BERs");
    if (args->phy) io::read_phy_report(*args->phy, cfg.physical_channels, opt.faults);
    if (args->physics) {
      EvalOptions physics;
      physics.threads = args->threads;
      physics.margin = false;
      physics.bathtubs = false;
      apply_physics(evaluate(spec, physics), cfg.physical_channels, opt.faults);
    }
    const double periods = std::ceil(opt.host_bits / double(cfg.host_bits_per_period()));
    const double run_s = (periods + cfg.training_periods) * cfg.period_s();
    for (const auto& f : args->fail)
      opt.faults.failures.push_back(parse_failure(f, cfg.physical_channels, run_s));
    if (args->fail_random > cfg.active_lanes())
      throw ConfigError("--fail-random", std::to_string(args->fail_random),
                        "0.." + std::to_string(cfg.active_lanes()));
    // Drawn at link-up among the channels then in service, after training and early enough for
    // their swaps to complete within the run.
    opt.random_deaths = args->fail_random;
    TerminalProgress progress("relay");
    opt.progress = &progress;
    const link::RelayResult r = link::run_relay(spec, opt);
    progress.finish();
    if (!args->html.empty())
      io::write_html_file(
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
      std::printf("frame loss ratio     %.3g (analytic %.3g)\n", r.frame_loss_ratio,
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
