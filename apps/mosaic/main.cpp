#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic_io/atomic_file.hpp"

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

int exit_code_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const ConfigError&) {
    return 2;
  } catch (...) {
    return 1;
  }
}

namespace {

// Every message is one line whatever the user typed into a value: control characters, newlines
// included, are shown escaped.
std::string one_line(std::string_view text) {
  std::string out;
  for (const unsigned char c : text) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// Under mpirun every rank meets the same error: rank 0 alone reports it, so that a job prints
// one line whatever its size.
const bool g_quiet_rank = sweep::launched_by_mpi() && sweep::launch_rank() > 0;

void print_error(const char* kind, std::string_view message, const char* suffix = "") {
  if (g_quiet_rank) return;
  std::string line = one_line(message);
  // Values quoted by the argument parser are not shortened by ConfigError; a pasted file is not
  // a message.
  constexpr std::size_t kLongest = 1000;
  if (line.size() > kLongest)
    line = line.substr(0, kLongest) + "... (" + std::to_string(line.size()) + " characters)";
  std::fprintf(stderr, "mosaic: %s: %s%s\n", kind, line.c_str(), suffix);
}

}  // namespace

void print_error_line(std::string_view message) {
  print_error("error", message);
}

int report_error(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const ConfigError& e) {
    print_error("error", e.what());
    return 2;
  } catch (const io::OutputError& e) {
    print_error("error", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    print_error("error", "out of memory; lower the design's size or the run's length");
    return 1;
  } catch (const std::exception& e) {
    print_error("internal error", e.what());
    return 1;
  }
}

namespace {

// Output that never arrived (full disk, closed pipe) is a failed run.
int finish_stdout(int code) {
  std::string why;
  if (!io::flush_stdout(why)) {
    print_error("error", "writing standard output failed: " + why);
    return code == 0 ? 1 : code;
  }
  return code;
}

}  // namespace

}  // namespace mosaic::cli

int main(int argc, char** argv) {
  using namespace mosaic;
  using namespace mosaic::cli;
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

  io::install_output_signal_handlers();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return finish_stdout(app.exit(e));  // --help, --version
    print_error("error", e.what(), " (see --help)");
    return 2;
  } catch (const ConfigError& e) {
    print_error("error", e.what());
    return 2;
  } catch (const std::exception& e) {
    // CLI11 may wrap a validator's exception; a value refused while parsing is still user input.
    print_error("error", e.what());
    return 2;
  }

  try {
    for (auto& [sub, run] : commands)
      if (sub->parsed()) return finish_stdout(run());
  } catch (const std::exception&) {
    const std::exception_ptr error = std::current_exception();
    if (cli::exit_code_of(error) == 2) finish_stdout(2);
    return cli::report_error(error);
  }
  return finish_stdout(0);
}
