// Outputs refused before any work, their files untouched: a page over its own input, a page over
// a device node (a private one, made with mknod), an empty store path. Each refusal must come
// before the work it would have spoilt, so each case asks for work that would take minutes.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "cli_process.hpp"

namespace mosaic::hostile {
namespace {

std::set<std::string> listing(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    names.insert(e.path().filename().string());
  return names;
}

void expect_refused(const CliOutcome& r, const std::string& mention) {
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << r.err;
  // "Before any work": each command below asks for minutes of it.
  EXPECT_LT(r.wall_s, 10.0);
}

TEST(RefusedUpFront, ReportOfAStoreOverItself) {
  const std::string dir = fresh_dir("report_over_store");
  write_file(dir + "/s.toml",
             "[base]\npreset = \"prototype\"\n[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5]\n");
  CliRequest make;
  make.args = {"sweep", dir + "/s.toml", "--store", dir + "/S.db", "--threads", "1"};
  ASSERT_EQ(run_cli(make).exit_code, 0);
  const std::string before = read_file(dir + "/S.db");
  const auto names = listing(dir);
  CliRequest r;
  r.args = {"report", dir + "/S.db", "-o", dir + "/S.db"};
  expect_refused(run_cli(r), "other than the input");
  EXPECT_EQ(read_file(dir + "/S.db"), before) << "the store is untouched";
  EXPECT_EQ(listing(dir), names) << "nothing made beside it";
  // Through another name for the same file, too.
  std::filesystem::create_symlink(dir + "/S.db", dir + "/alias.html");
  r.args = {"report", dir + "/S.db", "-o", dir + "/alias.html"};
  expect_refused(run_cli(r), "other than the input");
  EXPECT_EQ(read_file(dir + "/S.db"), before);
}

TEST(RefusedUpFront, HtmlOverAPrivateDeviceNode) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod needs root";
  const std::string dir = fresh_dir("html_device");
  const std::string node = dir + "/null";
  ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
  const auto names = listing(dir);
  // A 40,000-pixel design: minutes of work, if it were started.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"simulate", "--preset", "prototype", "--set", "array.rows=200",
                                 "--set", "array.cols=200", "--html", node},
        std::vector<std::string>{"fleet", "--links", "100000000", "--html", node}}) {
    CliRequest r;
    r.args = args;
    expect_refused(run_cli(r), "device");
    struct stat st {};
    ASSERT_EQ(::lstat(node.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device node is still one";
    EXPECT_EQ(st.st_rdev, ::makedev(1, 3));
    EXPECT_EQ(listing(dir), names) << "no temporary beside it";
  }
}

TEST(RefusedUpFront, EmptyStorePath) {
  const std::string dir = fresh_dir("empty_store");
  // 100,000 points: hours, if it were started.
  write_file(dir + "/s.toml",
             "[base]\npreset = \"prototype\"\n[[axis]]\nkey = \"fiber.length_m\"\nstart = 5\n"
             "stop = 40\ncount = 100000\n");
  const auto names = listing(dir);
  CliRequest r;
  r.cwd = dir;
  r.args = {"sweep", dir + "/s.toml", "--store", ""};
  expect_refused(run_cli(r), "'store'");
  r.args = {"design", "--payload-gbps", "800", "--reach-m", "30", "--store", ""};
  expect_refused(run_cli(r), "'store'");
  EXPECT_EQ(listing(dir), names) << "nothing kept, nothing made";
}

}  // namespace
}  // namespace mosaic::hostile
