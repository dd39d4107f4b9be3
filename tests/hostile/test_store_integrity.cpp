// Stores that survive their users: two sweeps on one store at once (the second refused, naming
// the first, or waiting for it), the store complete and exact afterwards, and stores that cannot
// be written (a read-only bind mount, read-only permissions) still read by pareto, report and
// Python.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli_process.hpp"

namespace mosaic::hostile {
namespace {

// 40 points of the prototype design without the service-life re-evaluations: about a second on
// one thread (some ten under the sanitizers), long enough to be caught running and short enough
// for each run to stay inside the suite's 30 s per command.
const std::string kForty =
    "[base]\npreset = \"prototype\"\n[evaluate]\nend_of_life = false\n[[axis]]\n"
    "key = \"fiber.length_m\"\nstart = 5\nstop = 40\ncount = 40\n";

// The mosaic CLI started in the background, its output in files of `dir`.
struct Background {
  pid_t pid = -1;
  std::string out, err;

  Background(const std::vector<std::string>& args, const std::string& dir, const std::string& tag,
             const std::string& program = MOSAIC_CLI)
      : out(dir + "/" + tag + ".out"), err(dir + "/" + tag + ".err") {
    std::vector<std::string> text = {program};
    text.insert(text.end(), args.begin(), args.end());
    pid = ::fork();
    if (pid == 0) {
      std::freopen(out.c_str(), "w", stdout);
      std::freopen(err.c_str(), "w", stderr);
      std::vector<char*> argv;
      for (auto& a : text) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  int wait() {
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }
};

// Every point index of the store, in order, and each row's outputs as text (timing left out).
std::vector<std::string> rows(const std::string& store) {
  std::vector<std::string> out;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return out;
  }
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "SELECT * FROM points ORDER BY point", -1, &st, nullptr);
  while (sqlite3_step(st) == SQLITE_ROW) {
    std::string row;
    for (int k = 0; k < sqlite3_column_count(st); ++k) {
      if (std::string(sqlite3_column_name(st, k)) == "eval_s") continue;
      const auto* t = sqlite3_column_text(st, k);
      row += (t ? reinterpret_cast<const char*>(t) : "NULL") + std::string("|");
    }
    out.push_back(row);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

std::size_t count(const std::string& store) {
  return rows(store).size();
}

bool writer_recorded(const std::string& store) {
  sqlite3* db = nullptr;
  bool found = false;
  if (sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'writer'", -1, &st, nullptr) ==
        SQLITE_OK)
      found = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return found;
}

TEST(StoreIntegrity, SecondWriterIsRefusedOrWaitsAndTheStoreIsExact) {
  const std::string dir = fresh_dir("two_writers");
  write_file(dir + "/s.toml", kForty);
  const std::string store = dir + "/s.db";

  // The reference: the same sweep alone.
  CliRequest alone;
  alone.args = {"sweep", dir + "/s.toml", "--store", dir + "/alone.db", "--threads", "1"};
  ASSERT_EQ(run_cli(alone).exit_code, 0);
  const std::vector<std::string> reference = rows(dir + "/alone.db");
  ASSERT_EQ(reference.size(), 40u);

  Background first({"sweep", dir + "/s.toml", "--store", store, "--threads", "1"}, dir, "first");
  const auto start = std::chrono::steady_clock::now();
  while (!writer_recorded(store) &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(writer_recorded(store)) << read_file(first.err);

  // A second writer while the first runs: one line naming the first (its pid), exit 2, nothing
  // written.
  CliRequest second;
  second.args = {"sweep", dir + "/s.toml", "--store", store, "--resume", "--threads", "1"};
  const CliOutcome refused = run_cli(second);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  EXPECT_NE(refused.err.find("being written by pid " + std::to_string(first.pid)),
            std::string::npos)
      << refused.err;
  EXPECT_TRUE(refused.out.empty());

  // A third that waits: it starts once the first has finished and finds nothing left to do.
  second.args.push_back("--wait");
  const CliOutcome waited = run_cli(second);
  EXPECT_EQ(waited.exit_code, 0) << waited.err;
  EXPECT_NE(waited.out.find("0 evaluated, 40 already"), std::string::npos) << waited.out;
  EXPECT_EQ(first.wait(), 0) << read_file(first.err);

  EXPECT_EQ(rows(store), reference) << "every point exactly once, as the sweep alone stores it";
}

TEST(StoreIntegrity, ResumeAfterAKillGivesEveryPointOnce) {
  const std::string dir = fresh_dir("killed_writer");
  write_file(dir + "/s.toml", kForty);
  const std::string store = dir + "/s.db";
  CliRequest alone;
  alone.args = {"sweep", dir + "/s.toml", "--store", dir + "/alone.db", "--threads", "1"};
  ASSERT_EQ(run_cli(alone).exit_code, 0);

  Background victim({"sweep", dir + "/s.toml", "--store", store, "--threads", "2"}, dir, "victim");
  const auto start = std::chrono::steady_clock::now();
  while (count(store) < 5 && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(victim.pid, SIGKILL);
  EXPECT_EQ(victim.wait(), -SIGKILL);
  const std::size_t kept = count(store);
  EXPECT_GE(kept, 5u);
  EXPECT_LT(kept, 40u) << "killed before the end";

  // The lock died with its process: the resume is not refused.
  CliRequest resume;
  resume.args = {"sweep", dir + "/s.toml", "--store", store, "--resume", "--threads", "2"};
  const CliOutcome r = run_cli(resume);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(rows(store), rows(dir + "/alone.db"));
}

#ifdef MOSAIC_MPIEXEC
// The pid of the MPI rank `rank` of the sweep on `store` (from the ranks' environments).
pid_t rank_pid(int rank, const std::string& store) {
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string cmdline = read_file(e.path().string() + "/cmdline");
    if (cmdline.find(store) == std::string::npos || cmdline.find("mpirun") != std::string::npos)
      continue;
    const std::string env = read_file(e.path().string() + "/environ");
    if (env.find("OMPI_COMM_WORLD_RANK=" + std::to_string(rank) + '\0') != std::string::npos)
      return static_cast<pid_t>(std::stol(name));
  }
  return -1;
}

TEST(StoreIntegrity, KilledMpiRankEndsTheRunAndResumeCompletesIt) {
  const std::string dir = fresh_dir("killed_rank");
  write_file(dir + "/s.toml", kForty);
  const std::string store = dir + "/s.db";
  CliRequest alone;
  alone.args = {"sweep", dir + "/s.toml", "--store", dir + "/alone.db", "--threads", "1"};
  ASSERT_EQ(run_cli(alone).exit_code, 0);

  std::vector<std::string> args = {"-q", "-np", "2", "--oversubscribe"};
  if (::geteuid() == 0) args.push_back("--allow-run-as-root");
  for (const char* a : {MOSAIC_CLI, "sweep"}) args.push_back(a);
  for (const std::string& a :
       {dir + "/s.toml", std::string("--store"), store, std::string("--threads"), std::string("1")})
    args.push_back(a);
  Background job(args, dir, "mpi", MOSAIC_MPIEXEC);
  const auto start = std::chrono::steady_clock::now();
  while (count(store) < 4 && std::chrono::steady_clock::now() - start < std::chrono::seconds(30))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const pid_t worker = rank_pid(1, store);
  ASSERT_GT(worker, 0) << "no rank 1 found";
  ::kill(worker, SIGKILL);
  // The launcher ends the job (it does not hang waiting for the dead rank) with a failure.
  const auto killed = std::chrono::steady_clock::now();
  const int code = job.wait();
  EXPECT_NE(code, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - killed, std::chrono::seconds(15));
  EXPECT_LT(count(store), 40u);
  // The store is whole: a resume on one process completes it, row for row.
  CliRequest resume;
  resume.args = {"sweep", dir + "/s.toml", "--store", store, "--resume", "--threads", "2"};
  const CliOutcome r = run_cli(resume);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(rows(store), rows(dir + "/alone.db"));
}
#endif

// A finished store and its sweep file in `dir`, the store closed cleanly (no -wal, no -shm left).
std::string finished_store(const std::string& dir) {
  write_file(
      dir + "/s.toml",
      "[base]\npreset = \"prototype\"\n[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5, 10]\n");
  CliRequest make;
  make.args = {"sweep", dir + "/s.toml", "--store", dir + "/s.db", "--threads", "1"};
  EXPECT_EQ(run_cli(make).exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(dir + "/s.db-shm"));
  return dir + "/s.db";
}

// Pareto, a store page and Python's open_store on `store`, each through `wrap` (a program and
// its arguments before the command), writing the page to `page`.
void expect_readable(const std::string& store, const std::string& page,
                     const std::vector<std::string>& wrap, int uid = -1) {
  auto run = [&](std::vector<std::string> args) {
    CliRequest r;
    if (!wrap.empty()) {
      r.program = wrap.front();
      std::vector<std::string> all(wrap.begin() + 1, wrap.end());
      all.push_back(MOSAIC_CLI);
      all.insert(all.end(), args.begin(), args.end());
      r.args = all;
    } else {
      r.args = args;
    }
    r.uid = uid;
    return run_cli(r);
  };
  const CliOutcome front = run({"pareto", store, "--minimize", "power.per_end_w"});
  EXPECT_EQ(front.exit_code, 0) << front.err;
  EXPECT_NE(front.out.find("non-dominated of 2 points"), std::string::npos) << front.out;
  const CliOutcome html = run({"report", store, "-o", page, "--point-pages", "none"});
  EXPECT_EQ(html.exit_code, 0) << html.err;
  EXPECT_TRUE(std::filesystem::exists(page));
#ifdef MOSAIC_PYTHON_DIR
  if (wrap.empty()) {
    CliRequest py;
    py.program = MOSAIC_PYTHON;
    py.uid = uid;
    py.args = {"-c",
               "import sys; sys.path.insert(0, sys.argv[1]); import mosaic; "
               "s = mosaic.open_store(sys.argv[2]); assert len(s) == 2, len(s); "
               "assert len(s.rows['point']) == 2; s.report(0)",
               MOSAIC_PYTHON_DIR, store};
    const CliOutcome r = run_cli(py);
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
#endif
}

TEST(StoreIntegrity, ReadOnlyPermissionsStillRead) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to run the readers as another user";
  // A checkout under a folder closed to other users (mktemp -d makes it 0700) leaves `nobody`
  // unable to start the binary at all (exit 127): nothing about stores to test there.
  CliRequest probe;
  probe.args = {"--help"};
  probe.uid = 65534;
  const CliOutcome p = run_cli(probe);
  if (p.exit_code == 127)
    GTEST_SKIP() << "user nobody cannot run " << MOSAIC_CLI
                 << " (a folder above it is closed to other users): " << p.err;
  ASSERT_EQ(p.exit_code, 0) << p.err;
  const std::string dir = fresh_dir("read_only_perms");
  const std::string store = finished_store(dir);
  const std::string out = fresh_dir("read_only_perms_out");
  // The readers run as `nobody`: the store and its folder are theirs to read, not to write.
  ::chmod(store.c_str(), 0444);
  ::chmod(dir.c_str(), 0555);
  ::chmod(out.c_str(), 0777);
  expect_readable(store, out + "/page.html", {}, 65534);
  EXPECT_FALSE(std::filesystem::exists(dir + "/s.db-shm"));
  ::chmod(dir.c_str(), 0755);
}

TEST(StoreIntegrity, ReadOnlyBindMountStillRead) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root for a private mount namespace";
  const std::string dir = fresh_dir("read_only_mount");
  const std::string store = finished_store(dir);
  const std::string out = fresh_dir("read_only_mount_out");
  // The store's folder mounted read-only in a mount namespace of the reader's own.
  const std::string script =
      "mount --bind -o ro \"$0\" \"$0\" && mount -o remount,ro,bind \"$0\" && exec \"$@\"";
  CliRequest probe;
  probe.program = "/usr/bin/unshare";
  probe.args = {"-m", "/bin/sh", "-c", script, dir, "/usr/bin/touch", dir + "/x"};
  const CliOutcome p = run_cli(probe);
  if (p.exit_code == 0 || p.err.find("Read-only") == std::string::npos)
    GTEST_SKIP() << "cannot make a read-only bind mount here: " << p.err;
  expect_readable(store, out + "/page.html",
                  {"/usr/bin/unshare", "-m", "/bin/sh", "-c", script, dir});
#ifdef MOSAIC_PYTHON_DIR
  CliRequest py;
  py.program = "/usr/bin/unshare";
  py.args = {"-m",
             "/bin/sh",
             "-c",
             script,
             dir,
             MOSAIC_PYTHON,
             "-c",
             "import sys; sys.path.insert(0, sys.argv[1]); import mosaic; "
             "s = mosaic.open_store(sys.argv[2]); assert len(s) == 2; s.report(1)",
             MOSAIC_PYTHON_DIR,
             store};
  const CliOutcome r = run_cli(py);
  EXPECT_EQ(r.exit_code, 0) << r.err;
#endif
  // And a writer is refused there in one line, the store untouched.
  CliRequest writer;
  writer.program = "/usr/bin/unshare";
  writer.args = {"-m",    "/bin/sh",       "-c",      script, dir,       MOSAIC_CLI,
                 "sweep", dir + "/s.toml", "--store", store,  "--resume"};
  const CliOutcome w = run_cli(writer);
  EXPECT_EQ(w.exit_code, 2) << w.err;
  EXPECT_EQ(std::count(w.err.begin(), w.err.end(), '\n'), 1) << w.err;
  EXPECT_EQ(count(store), 2u);
}

}  // namespace
}  // namespace mosaic::hostile
