#include "mosaic/core/options/cable_options.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic::study {

DirectedFailure parse_directed_failure(const std::string& text, const FieldInfo& field) {
  DirectedFailure f;
  std::string rest = text;
  if (rest.rfind("ab:", 0) == 0 || rest.rfind("ba:", 0) == 0) {
    f.a_to_b = rest[0] == 'a';
    f.b_to_a = rest[0] == 'b';
    rest = rest.substr(3);
  }
  try {
    const TimedFailure t = parse_timed_failure(rest, field);
    f.channel = t.channel;
    f.time_s = t.time_s;
  } catch (const ConfigError&) {
    throw ConfigError(field.key, "\"" + text + "\"", field.allowed());
  }
  return f;
}

std::string format_directed_failure(const DirectedFailure& f) {
  const std::string prefix = f.a_to_b && f.b_to_a ? "" : (f.a_to_b ? "ab:" : "ba:");
  return prefix + format_timed_failure({f.channel, f.time_s});
}

namespace {

// A name Linux takes for an interface (dev_valid_name: 1 to 15 bytes, not "." or "..", no '/',
// ':' or white space), further kept to printable characters: refused before anything is made.
void check_interface_name(const char* field, const std::string& name) {
  constexpr const char* kAllowed =
      "an interface name of 1 to 15 printable characters without '/', ':' or spaces";
  bool ok = !name.empty() && name.size() <= 15 && name != "." && name != "..";
  for (const unsigned char c : name) ok = ok && c > 0x20 && c < 0x7f && c != '/' && c != ':';
  if (!ok) throw ConfigError(field, "\"" + name + "\"", kAllowed);
}

}  // namespace

FieldTable<CableOptions> CableOptions::fields() {
  using namespace schema;
  using O = CableOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(
        text<O>("a", &O::a, "an interface name", "TAP interface of end A (created if absent)"));
    t.push_back(
        text<O>("b", &O::b, "an interface name", "TAP interface of end B (created if absent)"));
    t.push_back(optional_real<O>("ber", &O::ber, 0.0, 0.5, "", "Background BER on every channel"));
    t.push_back(path(text<O>("phy", &O::phy, "a `mosaic simulate` JSON report",
                             "Per-channel BERs and dead pixels from a simulate report")));
    t.push_back(boolean<O>("physics", &O::physics,
                           "Per-channel BERs, dead pixels and skews from evaluating this design's "
                           "physics first (as relay's physics: the link as built, no ageing)"));
    t.push_back(boolean<O>(
        "full_periods", &O::full_periods,
        "Run every period's bits through the link model, error-free ones too (the same frames and "
        "counters, at the cost of the bits: by default a period in which the channels change no "
        "bit and neither end changes state is counted without running its bits)"));
    t.push_back(real<O>(
        "ingress_target_us", &O::ingress_target_us, 0.0, 100000.0, "us",
        "CoDel target delay of the queue in front of the emulated link (drops at its head when "
        "frames stand longer, so a bulk TCP transfer keeps the queue short; the interval is ten "
        "times it). 0: no management: the queue holds up to 32 MiB and TCP fills it "
        "(milliseconds of delay, for some more throughput)"));
    t.push_back(list<O>("failures", &O::failures, "[ab:|ba:]CH@SECONDS, e.g. 17@2.5",
                        "Channel CH dies SECONDS after link-up (both directions, or ab:/ba: only)",
                        parse_directed_failure, format_directed_failure));
    t.push_back(integer<O>("fail_random", &O::fail_random, 0, 4095, "",
                           "Active channels that die at random moments (both directions) in the "
                           "window fail_random_start_s .. + fail_random_over_s"));
    t.push_back(real<O>("fail_random_start_s", &O::fail_random_start_s, 0.0, 1e6, "s",
                        "Start of the random deaths' window, after link-up"));
    t.push_back(real<O>("fail_random_over_s", &O::fail_random_over_s, 0.0, 1e6, "s",
                        "Length of the random deaths' window"));
    t.push_back(path(text<O>("stats_socket", &O::stats_socket, "a socket path",
                             "Unix socket for live counters and control (none by default)")));
    return t;
  }();
  return table;
}

void CableOptions::validate() const {
  check_fields(*this, fields());
  check_interface_name("a", a);
  check_interface_name("b", b);
  if (a == b) throw ConfigError("b", "\"" + b + "\"", "an interface other than a");
  const int sources = int(ber.has_value()) + int(!phy.empty()) + int(physics);
  if (sources > 1)
    throw ConfigError(ber ? "ber" : "phy",
                      "together with " + std::string(physics ? "physics" : "phy"),
                      "one source of per-channel BERs: ber, phy or physics");
}

}  // namespace mosaic::study
