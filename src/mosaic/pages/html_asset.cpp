#include <string_view>

#include "mosaic/pages/html_report.hpp"

// The page bundle is embedded verbatim into the binary at build time (the build system names the
// file in MOSAIC_WEB_BUNDLE), so a report is one file that needs neither network nor install tree.
// ccache refuses to cache a file with this directive, so a changed bundle is always picked up.
asm(".pushsection .rodata\n"
    ".global mosaic_report_page_js_begin\n"
    ".global mosaic_report_page_js_end\n"
    "mosaic_report_page_js_begin:\n"
    ".incbin \"" MOSAIC_WEB_BUNDLE
    "\"\n"
    "mosaic_report_page_js_end:\n"
    ".popsection\n");

extern "C" const char mosaic_report_page_js_begin[];
extern "C" const char mosaic_report_page_js_end[];

namespace mosaic::pages {

std::string_view report_page_script() {
  return {mosaic_report_page_js_begin,
          static_cast<std::size_t>(mosaic_report_page_js_end - mosaic_report_page_js_begin)};
}

}  // namespace mosaic::pages
