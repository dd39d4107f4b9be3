#include "mosaic/core/spec/enum_names.hpp"
#include "mosaic/core/spec/schema.hpp"

namespace mosaic {

void add_power_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  out.push_back(choice("module.host_interface", &S::module, &ModuleSpec::host_interface,
                       "Pluggable module (electrical host interface) or co-packaged engine"));
}

}  // namespace mosaic
