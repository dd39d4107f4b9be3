#include "mosaic/cable/control.hpp"

#include <charconv>
#include <cmath>
#include <sstream>
#include <vector>

namespace mosaic::cable {
namespace {

bool to_int(const std::string& s, int& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool to_double(const std::string& s, double& v) {
  try {
    std::size_t used = 0;
    v = std::stod(s, &used);
    return used == s.size() && std::isfinite(v);
  } catch (const std::exception&) {
    return false;
  }
}

// A word of the request as a reply shows it: control characters escaped (the reply is one line
// and a terminal shows it as it is), at most 64 characters.
std::string shown(const std::string& word) {
  std::string out;
  for (const unsigned char c : word) {
    if (out.size() >= 64) {
      out += "...";
      break;
    }
    if (c < 0x20 || c == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string invalid(const std::string& field, const std::string& value,
                    const std::string& allowed) {
  return "invalid value for '" + field + "': " + shown(value) + " (allowed: " + allowed + ")";
}

}  // namespace

std::string parse_control(const std::string& line, ControlRequest& out) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) return "empty request; " + std::string(kControlHelp);
  out = ControlRequest{};
  // A trailing direction word applies to kill, ber and skew.
  auto take_direction = [&]() -> std::string {
    if (words.size() < 2) return {};
    const std::string& d = words.back();
    if (d == "ab" || d == "ba" || d == "both") {
      out.a_to_b = d != "ba";
      out.b_to_a = d != "ab";
      words.pop_back();
    }
    return {};
  };
  const std::string& verb = words[0];
  if (verb == "stats" || verb == "snapshot" || verb == "help" || verb == "shutdown") {
    if (words.size() != 1) return "'" + verb + "' takes no arguments";  // a known verb
    out.kind = verb == "stats"      ? ControlRequest::Kind::kStats
               : verb == "snapshot" ? ControlRequest::Kind::kSnapshot
               : verb == "help"     ? ControlRequest::Kind::kHelp
                                    : ControlRequest::Kind::kShutdown;
    return {};
  }
  take_direction();
  if (verb == "kill") {
    out.kind = ControlRequest::Kind::kKill;
    if (words.size() != 2) return "usage: kill CH [ab|ba|both]";
    if (!to_int(words[1], out.channel) || out.channel < 0)
      return invalid("kill.channel", words[1], "a channel index >= 0");
    return {};
  }
  if (verb == "ber") {
    out.kind = ControlRequest::Kind::kBer;
    if (words.size() != 2 && words.size() != 3) return "usage: ber B [CH] [ab|ba|both]";
    if (!to_double(words[1], out.value) || out.value < 0 || out.value > 0.5)
      return invalid("ber", words[1], "0..0.5");
    if (words.size() == 3 && (!to_int(words[2], out.channel) || out.channel < 0))
      return invalid("ber.channel", words[2], "a channel index >= 0");
    return {};
  }
  if (verb == "skew") {
    out.kind = ControlRequest::Kind::kSkew;
    if (words.size() != 3) return "usage: skew CH UI [ab|ba|both]";
    if (!to_int(words[1], out.channel) || out.channel < 0)
      return invalid("skew.channel", words[1], "a channel index >= 0");
    int ui = 0;
    if (!to_int(words[2], ui) || ui < 0) return invalid("skew.ui", words[2], "whole UI >= 0");
    out.value = ui;
    return {};
  }
  return "unknown request '" + shown(verb) + "'; " + std::string(kControlHelp);
}

}  // namespace mosaic::cable
