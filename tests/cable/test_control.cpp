#include <gtest/gtest.h>

#include "mosaic/cable/control.hpp"

namespace mosaic::cable {
namespace {

TEST(ControlProtocol, ParsesEveryRequest) {
  ControlRequest r;
  EXPECT_EQ(parse_control("stats", r), "");
  EXPECT_EQ(r.kind, ControlRequest::Kind::kStats);
  EXPECT_EQ(parse_control("kill 17", r), "");
  EXPECT_EQ(r.kind, ControlRequest::Kind::kKill);
  EXPECT_EQ(r.channel, 17);
  EXPECT_TRUE(r.a_to_b && r.b_to_a);
  EXPECT_EQ(parse_control("kill 3 ba", r), "");
  EXPECT_FALSE(r.a_to_b);
  EXPECT_TRUE(r.b_to_a);
  EXPECT_EQ(parse_control("ber 1e-6", r), "");
  EXPECT_EQ(r.kind, ControlRequest::Kind::kBer);
  EXPECT_DOUBLE_EQ(r.value, 1e-6);
  EXPECT_EQ(r.channel, -1);
  EXPECT_EQ(parse_control("ber 0.01 12 ab", r), "");
  EXPECT_EQ(r.channel, 12);
  EXPECT_TRUE(r.a_to_b);
  EXPECT_FALSE(r.b_to_a);
  EXPECT_EQ(parse_control("skew 4 40 both", r), "");
  EXPECT_EQ(r.kind, ControlRequest::Kind::kSkew);
  EXPECT_EQ(r.channel, 4);
  EXPECT_DOUBLE_EQ(r.value, 40);
  EXPECT_EQ(parse_control("  shutdown  ", r), "");
  EXPECT_EQ(r.kind, ControlRequest::Kind::kShutdown);
}

TEST(ControlProtocol, RejectsWithOneLineNamingTheField) {
  ControlRequest r;
  for (const char* bad :
       {"", "kill", "kill x", "kill -1", "kill 1 2", "ber 0.7", "ber nan", "ber 1e-3 -4", "skew 1",
        "skew 1 -3", "skew 1 2.5", "stats now", "reboot"}) {
    const std::string err = parse_control(bad, r);
    EXPECT_FALSE(err.empty()) << bad;
    EXPECT_EQ(err.find('\n'), std::string::npos) << bad;
  }
  EXPECT_NE(parse_control("ber 0.7", r).find("'ber'"), std::string::npos);
  EXPECT_NE(parse_control("ber 0.7", r).find("0..0.5"), std::string::npos);
}

}  // namespace
}  // namespace mosaic::cable
