#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"

namespace mosaic::cli {

std::vector<CommandEntry>& command_registry() {
  static std::vector<CommandEntry> registry;
  return registry;
}

namespace {
std::string g_invocation;

std::string record_invocation(int argc, char** argv) {
  std::string s = "mosaic";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--threads") {
      ++i;
      continue;
    }
    if (arg.rfind("--threads=", 0) == 0) continue;
    s += " " + arg;
  }
  return s;
}
}  // namespace

const std::string& invocation() {
  return g_invocation;
}

}  // namespace mosaic::cli

int main(int argc, char** argv) {
  using namespace mosaic;
  cli::g_invocation = cli::record_invocation(argc, argv);
  CLI::App app{
      "mosaic: simulate and design wide-and-slow microLED optical interconnects.\n"
      "Hundreds of slow NRZ channels, each a microLED imaged through an imaging fiber onto a\n"
      "photodiode, with an analog-only receiver. Run `mosaic COMMAND --help` for each command."};
  app.set_version_flag("--version", std::string("mosaic ") + kVersion);
  app.require_subcommand(1);

  auto& registry = cli::command_registry();
  std::sort(registry.begin(), registry.end(),
            [](const auto& a, const auto& b) { return a.order < b.order; });
  std::vector<std::pair<CLI::App*, cli::Runner>> commands;
  for (const auto& entry : registry) {
    const auto before = app.get_subcommands({}).size();
    cli::Runner runner = entry.install(app);
    const auto subs = app.get_subcommands({});
    if (subs.size() > before) commands.emplace_back(subs.back(), std::move(runner));
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::fprintf(stderr, "mosaic: error: %s (see --help)\n", e.what());
    return 2;
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "mosaic: error: %s\n", e.what());
    return 2;
  }

  try {
    for (auto& [sub, run] : commands)
      if (sub->parsed()) return run();
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "mosaic: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mosaic: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
