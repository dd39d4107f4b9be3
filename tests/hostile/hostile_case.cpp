#include "hostile_case.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

namespace mosaic::hostile {

std::function<void(const std::string&)> file(std::string name, std::string text) {
  return [=](const std::string& dir) { write_file(dir + "/" + name, text); };
}

std::string repeat(const std::string& part, int n, const std::string& sep) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i) s += sep;
    s += part;
  }
  return s;
}

std::string prototype_sweep(const std::string& axes) {
  return "[base]\npreset = \"prototype\"\n" + axes;
}

void PrintTo(const HostileCase& c, std::ostream* os) {
  *os << c.name;
}

void run_hostile_case(const HostileCase& hc) {
  const std::string dir = fresh_dir(hc.name);
  if (hc.setup) hc.setup(dir);
  CliRequest request;
  request.program = hc.program;
  for (std::string a : hc.args) {
    for (std::size_t at; (at = a.find("{dir}")) != std::string::npos;) a.replace(at, 5, dir);
    for (std::size_t at; (at = a.find("{cli}")) != std::string::npos;) a.replace(at, 5, MOSAIC_CLI);
    request.args.push_back(a);
  }
  for (std::string e : hc.env) {
    for (std::size_t at; (at = e.find("{dir}")) != std::string::npos;) e.replace(at, 5, dir);
    request.env.push_back(e);
  }
  const CliOutcome r = run_cli(request);
  EXPECT_FALSE(r.timed_out) << "over " << request.limits.wall_s << " s";
  EXPECT_EQ(r.signal, 0) << "killed by signal " << r.signal << "; stderr: " << r.err;
  EXPECT_EQ(r.exit_code, hc.expect) << "stderr: " << r.err;
  EXPECT_LT(r.peak_rss_mb, 2048.0);
  if (hc.expect != 0) {
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind(hc.prefix, 0), 0u) << r.err;
    EXPECT_NE(r.err.find(hc.mention), std::string::npos)
        << "should mention " << hc.mention << ": " << r.err;
    if (hc.expect == 2) {
      EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
    }
  } else {
    EXPECT_EQ(r.err, "");
  }
  if (hc.after) hc.after(dir);
  ::testing::Test::RecordProperty("wall_s", std::to_string(r.wall_s));
  ::testing::Test::RecordProperty("peak_rss_mb", std::to_string(r.peak_rss_mb));
}

}  // namespace mosaic::hostile
