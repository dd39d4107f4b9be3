#include "mosaic/core/options/common_fields.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string_view>

#include "mosaic/core/error.hpp"

namespace mosaic::study {
namespace {

template <class T>
bool parse_whole(std::string_view text, T& v) {
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc{} && p == text.data() + text.size();
}

[[noreturn]] void bad_item(const std::string& text, const FieldInfo& field) {
  throw ConfigError(field.key, "\"" + text + "\"", field.allowed());
}

}  // namespace

ChannelRange parse_channel_range(const std::string& text, const FieldInfo& field) {
  const std::string_view item(text);
  const std::size_t dash = item.find('-');
  ChannelRange r{-1, -1};
  if (dash == std::string_view::npos) {
    if (!parse_whole(item, r.first) || r.first < 0) bad_item(text, field);
    r.last = r.first;
    return r;
  }
  if (!parse_whole(item.substr(0, dash), r.first) || !parse_whole(item.substr(dash + 1), r.last) ||
      r.first < 0 || r.last < r.first)
    bad_item(text, field);
  return r;
}

std::string format_channel_range(const ChannelRange& r) {
  return r.first == r.last ? std::to_string(r.first)
                           : std::to_string(r.first) + "-" + std::to_string(r.last);
}

std::vector<int> expand_channels(const std::vector<ChannelRange>& items, const FieldInfo& field,
                                 int pixels) {
  std::vector<int> out;
  for (const auto& r : items) {
    if (r.last >= pixels)
      throw ConfigError(field.key, "\"" + format_channel_range(r) + "\"",
                        "channel indices in 0.." + std::to_string(pixels - 1));
    for (int c = r.first; c <= r.last; ++c) {
      out.push_back(c);
      if (out.size() > static_cast<std::size_t>(pixels))
        throw ConfigError(field.key, "\"" + format_channel_range(r) + "\"",
                          "at most " + std::to_string(pixels) + " channels in all");
    }
  }
  return out;
}

TimedFailure parse_timed_failure(const std::string& text, const FieldInfo& field) {
  const std::size_t at = text.find('@');
  TimedFailure f;
  if (at == std::string::npos || !parse_whole(std::string_view(text).substr(0, at), f.channel) ||
      !parse_whole(std::string_view(text).substr(at + 1), f.time_s) || f.channel < 0 ||
      !std::isfinite(f.time_s) || f.time_s < 0.0)
    bad_item(text, field);
  return f;
}

std::string format_timed_failure(const TimedFailure& f) {
  return fmt::format("{}@{}", f.channel, f.time_s);
}

}  // namespace mosaic::study
