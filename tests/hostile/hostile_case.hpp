#pragma once

// One hostile case: a command line run as a child process under the suite's limits (30 s, 2 GB,
// cli_process.hpp) that must answer with its expected exit code (0 or 2; 1 only for an output
// that could not be written), never a signal, and for an error exactly one line on stderr that
// starts with "mosaic: error: " and mentions what was wrong. Shared by every test_hostile_*.cpp.
#include <functional>
#include <string>
#include <vector>

#include "cli_process.hpp"

namespace mosaic::hostile {

struct HostileCase {
  std::string name;
  // After the program name. "{dir}" is replaced by the case's own directory, "{cli}" by the
  // mosaic CLI (for cases that run it through another program, e.g. mpirun).
  std::vector<std::string> args;
  int expect;           // 0, 1 or 2
  std::string mention;  // must appear on stderr when expect != 0
  // Writes the case's input files into its directory.
  std::function<void(const std::string& dir)> setup = nullptr;
  std::vector<std::string> env = {};
  std::string program = {};  // empty: the mosaic CLI
  // Runs after the case, e.g. to check that its inputs are untouched.
  std::function<void(const std::string& dir)> after = nullptr;
  // The line prefix of an error: "mosaic: error: " for the CLI, a Python exception's name for the
  // Python cases.
  std::string prefix = "mosaic: error: ";
};

// Writes `text` to `name` in the case's directory.
std::function<void(const std::string&)> file(std::string name, std::string text);
// `part` n times, separated by `sep`.
std::string repeat(const std::string& part, int n, const std::string& sep);
// A sweep file over the cheap prototype design with the given axes (TOML text after [base]).
std::string prototype_sweep(const std::string& axes);

// Runs one case and checks everything the suite promises about it (gtest expectations).
void run_hostile_case(const HostileCase& c);

// gtest's name printer for a case.
void PrintTo(const HostileCase& c, std::ostream* os);

}  // namespace mosaic::hostile
