#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/cable/cable.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/cable_options.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/link_faults.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic_io/phy_report_reader.hpp"
#include "mosaic_io/record_page.hpp"
#include "output_options.hpp"
#include "spec_options.hpp"
#include "study_flags.hpp"

namespace mosaic::cli {
namespace {

struct CableArgs {
  SpecRequest spec;
  std::shared_ptr<study::CableOptions> options = std::make_shared<study::CableOptions>();
  OutputOptions output;
  bool progress = false;
};

const RegisterCommand kCable(35, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<CableArgs>();
  auto* cmd = parent.add_subcommand(
      "cable",
      "Join two TAP interfaces through the bit-exact link layer and carry their Ethernet frames "
      "both ways while channels fail (a daemon; stop it with SIGINT or SIGTERM)");
  add_spec_options(*cmd, args->spec);
  add_study_flags(*cmd, args->options);
  cmd->add_flag("--progress", args->progress, "Live counters on stderr, once a second");
  add_html_option(*cmd, args->output);
  return [args] {
    const study::CableOptions& o = *args->options;
    o.validate();
    // The page is written only when the daemon stops, maybe hours later: a path that cannot take
    // it is refused now, before any interface exists.
    check_outputs(args->output, {args->spec.toml_path.value_or(""), o.phy});
    cable::CableOptions opt;
    opt.spec = load_spec(args->spec);
    const link::LinkConfig cfg = link::LinkConfig::from_spec(opt.spec);
    opt.if_a = o.a;
    opt.if_b = o.b;
    if (o.ber) opt.faults.background_ber = *o.ber;
    if (!o.phy.empty())
      io::read_phy_report(o.phy, cfg.physical_channels, cfg.line_rate_gbps, opt.faults);
    if (o.physics) {
      // The link as built (no ageing), as relay's physics: every channel's BER, the dead pixels
      // and each channel's skew, which the far end must deskew.
      EvalOptions physics;
      physics.margin = false;
      physics.bathtubs = false;
      physics.eye_heights = false;
      physics.end_of_life = false;
      physics.link_budget = false;
      apply_physics(evaluate(opt.spec, physics), cfg.physical_channels, opt.faults);
      check_carried_skews(opt.spec, opt.faults, "cable");
    }
    for (const auto& f : o.failures) {
      cable::ScheduledFault fault;
      fault.event.time_s = f.time_s;
      fault.event.kind = link::FaultKind::kDeath;
      fault.event.channel = f.channel;
      fault.a_to_b = f.a_to_b;
      fault.b_to_a = f.b_to_a;
      opt.schedule.push_back(fault);
    }
    opt.fail_random = o.fail_random;
    opt.fail_random_over_s = o.fail_random_over_s;
    opt.fail_random_start_s = o.fail_random_start_s;
    opt.stats_socket = o.stats_socket;
    opt.full_periods = o.full_periods;
    opt.ingress_target_us = o.ingress_target_us;
    opt.command = invocation();

    // Signals are taken synchronously by this thread; the workers inherit the mask.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    std::unique_ptr<cable::Cable> cable;
    try {
      cable = std::make_unique<cable::Cable>(opt);
    } catch (const cable::CableSystemError& e) {
      print_error_line(e.what());
      return 2;
    }
    cable->start();
    std::fprintf(stderr, "mosaic cable: %s <-> %s up (%d data + %d ECC lanes, %d channels)%s\n",
                 opt.if_a.c_str(), opt.if_b.c_str(), cfg.data_lanes, cfg.ecc_lanes,
                 cfg.physical_channels,
                 opt.stats_socket.empty() ? "" : (", control on " + opt.stats_socket).c_str());
    const bool tty = isatty(STDERR_FILENO);
    for (;;) {
      const timespec wait{0, 200'000'000};
      const int sig = sigtimedwait(&stop_signals, nullptr, &wait);
      if (sig == SIGINT || sig == SIGTERM || cable->shutdown_requested()) break;
      static int ticks = 0;
      if (args->progress && ++ticks % 5 == 0)
        std::fprintf(stderr, tty ? "\r%s\033[K" : "%s\n", cable->progress_line().c_str());
    }
    cable->stop();
    if (args->progress && tty) std::fprintf(stderr, "\n");
    // The one record of a run, the same document a live `snapshot` gives.
    const nlohmann::json summary = cable->snapshot();
    std::printf("%s\n", summary.dump(2).c_str());
    std::fflush(stdout);
    // After the summary is out: a page that cannot be written then does not take the run's only
    // record with it. The same page as `mosaic report` of the summary.
    if (!args->output.html.empty()) io::write_record_page(summary, args->output.html, "--html");
    std::uint64_t corrupt = 0;
    for (const auto& d : summary.at("directions"))
      corrupt += d["frames_delivered_corrupt"].get<std::uint64_t>();
    if (corrupt > 0) {
      std::fprintf(stderr, "mosaic: %llu frames delivered corrupted\n",
                   (unsigned long long)corrupt);
      return 3;
    }
    return 0;
  };
});

}  // namespace
}  // namespace mosaic::cli
