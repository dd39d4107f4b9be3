#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "command.hpp"
#include "mosaic/cable/cable.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/report/report_json.hpp"
#include "mosaic_io/phy_report_reader.hpp"
#include "spec_options.hpp"

namespace mosaic::cli {
namespace {

struct CableArgs {
  SpecRequest spec;
  std::string if_a, if_b;
  std::vector<std::string> fail;
  int fail_random = 0;
  double over_s = 0.0;
  double start_s = 0.0;
  std::optional<double> ber;
  std::optional<std::string> phy;
  std::string stats_socket;
  bool progress = false;
};

// [ab:|ba:]CH@SECONDS
cable::ScheduledFault parse_failure(const std::string& text) {
  cable::ScheduledFault f;
  std::string rest = text;
  if (rest.rfind("ab:", 0) == 0 || rest.rfind("ba:", 0) == 0) {
    f.a_to_b = rest[0] == 'a';
    f.b_to_a = rest[0] == 'b';
    rest = rest.substr(3);
  }
  const auto at = rest.find('@');
  try {
    if (at == std::string::npos) throw std::invalid_argument(text);
    std::size_t used = 0;
    f.event.channel = std::stoi(rest.substr(0, at), &used);
    if (used != at) throw std::invalid_argument(text);
    f.event.time_s = std::stod(rest.substr(at + 1), &used);
    if (used != rest.size() - at - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    throw ConfigError("--fail", "\"" + text + "\"", "[ab:|ba:]CHANNEL@SECONDS, e.g. 17@2.5");
  }
  return f;
}

const RegisterCommand kCable(35, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<CableArgs>();
  auto* cmd = parent.add_subcommand(
      "cable",
      "Join two TAP interfaces through the bit-exact link layer and carry their Ethernet frames "
      "both ways while channels fail (a daemon; stop it with SIGINT or SIGTERM)");
  add_spec_options(*cmd, args->spec);
  cmd->add_option("--a", args->if_a, "TAP interface of end A (created if absent)")
      ->type_name("IF")
      ->required();
  cmd->add_option("--b", args->if_b, "TAP interface of end B (created if absent)")
      ->type_name("IF")
      ->required();
  auto* ber = cmd->add_option("--ber", args->ber, "Background BER on every channel")
                  ->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--phy", args->phy, "Per-channel BERs from a `mosaic simulate --json` report")
      ->type_name("REPORT.json")
      ->excludes(ber);
  cmd->add_option("--fail", args->fail,
                  "Channel CH dies SECONDS after link-up (both directions, or ab:/ba: only)")
      ->type_name("[ab:|ba:]CH@SECONDS");
  auto* random = cmd->add_option("--fail-random", args->fail_random,
                                 "K active channels die at random moments (both directions)")
                     ->type_name("K")
                     ->check(CLI::Range(0, 4095));
  cmd->add_option("--over", args->over_s, "Window of --fail-random, seconds after link-up")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.0, 1e6))
      ->needs(random);
  cmd->add_option("--start", args->start_s,
                  "Start of the --fail-random window, seconds after link-up (default 0)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.0, 1e6))
      ->needs(random);
  cmd->add_option("--stats", args->stats_socket, "Unix socket for live counters and control")
      ->type_name("SOCKET");
  cmd->add_flag("--progress", args->progress, "Live counters on stderr, once a second");
  return [args] {
    cable::CableOptions opt;
    opt.spec = load_spec(args->spec);
    const link::LinkConfig cfg = link::LinkConfig::from_spec(opt.spec);
    opt.if_a = args->if_a;
    opt.if_b = args->if_b;
    if (args->ber) opt.faults.background_ber = *args->ber;
    if (args->phy) io::read_phy_report(*args->phy, cfg.physical_channels, opt.faults);
    for (const auto& f : args->fail) opt.schedule.push_back(parse_failure(f));
    opt.fail_random = args->fail_random;
    opt.fail_random_over_s = args->over_s;
    opt.fail_random_start_s = args->start_s;
    opt.stats_socket = args->stats_socket;

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
      std::fprintf(stderr, "mosaic: error: %s\n", e.what());
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
    nlohmann::json summary = report::header_json(invocation(), opt.spec);
    summary.update(cable->summary());
    summary["command"] = invocation();
    std::printf("%s\n", summary.dump(2).c_str());
    std::uint64_t corrupt = 0;
    for (const auto& d : summary["directions"])
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
