#pragma once

// Runs the built `mosaic` binary as a user would and captures what it says: the one helper every
// test program that drives the command line shares.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace mosaic::test {

struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

// `launcher` goes before the binary (e.g. "mpirun -np 2 ").
inline CliRun run_cli(const std::string& args, const std::string& launcher = {}) {
  // One stderr file per call: ctest runs the tests of a program in parallel processes.
  static int calls = 0;
  const std::string err_file = ::testing::TempDir() + "mosaic_cli_stderr_" +
                               std::to_string(getpid()) + "_" + std::to_string(calls++) + ".txt";
  const std::string cmd = launcher + std::string(MOSAIC_CLI) + " " + args + " 2>" + err_file;
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  std::ifstream in(err_file);
  std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(err_file.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, err};
}

}  // namespace mosaic::test
