#include "mosaic_io/html_file.hpp"

#include "mosaic/pages/html_report.hpp"
#include "mosaic_io/atomic_file.hpp"

namespace mosaic::io {

void write_html_file(const nlohmann::json& page_data, const std::string& path,
                     const std::string& field) {
  // Rendered before the temporary exists: nothing is left behind should rendering fail.
  const std::string html = pages::render_html(page_data);
  AtomicFile file(path, field);
  file.write(html);
  file.commit();
}

}  // namespace mosaic::io
