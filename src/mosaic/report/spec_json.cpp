#include "mosaic/report/spec_json.hpp"

#include "mosaic/core/design/schema.hpp"

namespace mosaic::report {

nlohmann::json spec_to_json(const LinkSpec& spec) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& field : link_spec_fields()) {
    std::string path = "/" + field.key;
    for (auto& c : path)
      if (c == '.') c = '/';
    const nlohmann::json::json_pointer ptr(path);
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::monostate>) {
            out[ptr] = "none";  // unset, as a design file says it (never null)
          } else {
            out[ptr] = v;
          }
        },
        field.get(spec));
  }
  return out;
}

}  // namespace mosaic::report
