// Hostile input against MPI runs: every error of `mpirun -np 2 mosaic sweep ...` is one line from
// rank 0, with the exit code the ranks agreed on and every rank finalized (no MPI_Abort and its
// banner). Open MPI's mpirun adds a notice of its own whenever a job exits non-zero unless it is
// run with -q (--quiet): these cases run it so, as docs/hardening.md recommends for scripts.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "hostile_case.hpp"

#ifdef MOSAIC_MPIEXEC

namespace mosaic::hostile {
namespace {

HostileCase mpi(std::string name, std::vector<std::string> sweep_args, int expect,
                std::string mention, std::function<void(const std::string&)> setup = nullptr) {
  std::vector<std::string> args = {"-q", "-np", "2", "--oversubscribe"};
  if (::geteuid() == 0) args.push_back("--allow-run-as-root");
  args.push_back("{cli}");
  args.push_back("sweep");
  args.insert(args.end(), sweep_args.begin(), sweep_args.end());
  // Open MPI keeps its start-up allocations for the life of the process: LeakSanitizer would
  // count them as ours.
  return {std::move(name),  args,
          expect,           std::move(mention),
          std::move(setup), {"ASAN_OPTIONS=detect_leaks=0"},
          MOSAIC_MPIEXEC};
}

const std::string kTwoPoints =
    prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5, 10]\n");

std::vector<HostileCase> cases() {
  std::vector<HostileCase> c;
  c.push_back(mpi("SweepDottedKey100000Parts", {"{dir}/s.toml", "--store", "{dir}/s.db"}, 2,
                  "line 1", file("s.toml", repeat("a", 100000, ".") + " = 1\n")));
  c.push_back(
      mpi("SweepFileMissing", {"{dir}/none.toml", "--store", "{dir}/s.db"}, 2, "none.toml"));
  c.push_back(mpi("StoreEmptyPath", {"{dir}/s.toml", "--store", ""}, 2, "'store'",
                  file("s.toml", kTwoPoints)));
  c.push_back(mpi("StoreDevNull", {"{dir}/s.toml", "--store", "/dev/null"}, 2, "device",
                  file("s.toml", kTwoPoints)));
  c.push_back(mpi("StoreIsTheSweepFile", {"{dir}/s.toml", "--store", "{dir}/s.toml"}, 2,
                  "other than the input", file("s.toml", kTwoPoints)));
  c.push_back(mpi("UnknownFlag", {"{dir}/s.toml", "--store", "{dir}/s.db", "--frobnicate"}, 2,
                  "--frobnicate", file("s.toml", kTwoPoints)));
  c.push_back(mpi("SixAxesOfTenMillion", {"{dir}/s.toml", "--store", "{dir}/s.db"}, 2, "at most",
                  file("s.toml", prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\nstart = 1\n"
                                                 "stop = 2\ncount = 10000000\n"))));
  c.push_back(mpi("Valid", {"{dir}/s.toml", "--store", "{dir}/s.db", "--threads", "1"}, 0, "",
                  file("s.toml", kTwoPoints)));
  return c;
}

class HostileMpi : public testing::TestWithParam<HostileCase> {};

TEST_P(HostileMpi, OneLineFromRankZero) {
  run_hostile_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, HostileMpi, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace mosaic::hostile

#endif  // MOSAIC_MPIEXEC
