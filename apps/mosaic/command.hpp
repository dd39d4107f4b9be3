#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <functional>
#include <string_view>
#include <vector>

namespace mosaic::cli {

// A subcommand installs its options on the parent app and returns the function that runs it
// (returning the process exit code) once parsing is done. Each command lives in its own file and
// registers itself, so adding one touches nothing else.
using Runner = std::function<int()>;
using Installer = std::function<Runner(CLI::App& parent)>;

struct CommandEntry {
  int order;  // position in --help
  Installer install;
};

std::vector<CommandEntry>& command_registry();

// The command line of this run, for reports to record (--threads left out: it never changes a
// result, and reports must be byte-identical whatever the thread count).
const std::string& invocation();

// Prints "mosaic: error: MESSAGE" as main prints every error: one line (control characters
// escaped, a pasted file shortened), and only on rank 0 under mpirun.
void print_error_line(std::string_view message);

// The exit code an error gives (main.cpp's mapping): 2 bad input, 1 the rest. Under mpirun the
// ranks agree on it before any rank reports.
int exit_code_of(const std::exception_ptr& error);

// Prints an error's one line as main does (rank 0 only under mpirun) and returns its exit code.
// Under mpirun rank 0 reports before the ranks part: mpirun ends the job as soon as one rank
// exits non-zero, which could cut rank 0 off before its line was written.
int report_error(const std::exception_ptr& error);

struct RegisterCommand {
  RegisterCommand(int order, Installer install) {
    command_registry().push_back({order, std::move(install)});
  }
};

}  // namespace mosaic::cli
