#include "mosaic_io/json_input.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic::io {

nlohmann::json parse_json_document(std::string_view text, const std::string& field,
                                   const std::string& expected) {
  bool too_deep = false;
  // nlohmann's parser keeps its own stack, but what it builds is freed and printed recursively:
  // values deeper than the limit are discarded as they are met, and the document refused.
  const nlohmann::json::parser_callback_t limit_depth =
      [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
        if ((event == nlohmann::json::parse_event_t::object_start ||
             event == nlohmann::json::parse_event_t::array_start) &&
            depth > kMaxJsonDepth)
          too_deep = true;
        return !too_deep;
      };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.begin(), text.end(), limit_depth);
  } catch (const nlohmann::json::parse_error& e) {
    throw ConfigError(field, "byte " + std::to_string(e.byte), "valid JSON (" + expected + ")");
  } catch (const nlohmann::json::exception&) {
    // e.g. a number beyond double range, which JSON allows and nlohmann refuses.
    throw ConfigError(field, "a number out of range", "valid JSON (" + expected + ")");
  }
  if (too_deep)
    throw ConfigError(field, "nesting deeper than " + std::to_string(kMaxJsonDepth), expected);
  return j;
}

}  // namespace mosaic::io
