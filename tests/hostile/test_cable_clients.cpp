// The cable daemon under hostile control clients (cable_clients.py): one that sends and never
// reads holds up nobody, SIGTERM ends the daemon within a second. The cable needs TAP devices:
// it runs in a network namespace of its own (as tests/schemas/check_schemas.py runs it), as root,
// and the test says it skipped elsewhere.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "cli_process.hpp"

namespace mosaic::hostile {
namespace {

TEST(CableClients, ClientThatNeverReadsHoldsUpNobodyAndSigtermEndsTheDaemon) {
  if (::geteuid() != 0) GTEST_SKIP() << "the cable needs root (TAP devices, a network namespace)";
  const std::string dir = fresh_dir("cable_clients");
  CliRequest r;
  r.program = "/usr/bin/unshare";
  r.args = {"--net", "/usr/bin/python3", MOSAIC_SOURCE_DIR "/tests/hostile/cable_clients.py",
            MOSAIC_CLI, dir};
  r.limits.wall_s = 60;
  const CliOutcome out = run_cli(r);
  if (out.exit_code == 77 || (out.exit_code != 0 && out.err.find("unshare") == 0))
    GTEST_SKIP() << out.err;
  EXPECT_EQ(out.exit_code, 0) << out.err << read_file(dir + "/cable.err");
}

}  // namespace
}  // namespace mosaic::hostile
