#pragma once

namespace mosaic {

enum class HostInterface { kPluggable, kCoPackaged };

struct ModuleSpec {
  HostInterface host_interface = HostInterface::kPluggable;
};

}  // namespace mosaic
