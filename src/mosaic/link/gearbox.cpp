#include "mosaic/link/gearbox.hpp"

#include <algorithm>
#include <cstring>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

Gearbox::Gearbox(const LinkConfig& config) : config_(&config), block_(64) {}

void Gearbox::stripe(std::span<const std::uint64_t> host, std::span<std::uint64_t> frame) {
  const int d_lanes = config_->data_lanes;
  const int rs = config_->row_slots();
  const int* slot = config_->data_slot.data();
  for (int k = 0; k < config_->payload_words(); ++k) {
    const std::uint64_t* src = host.data() + std::size_t(k) * d_lanes;
    std::uint64_t* row = frame.data() + std::size_t(k) * rs;
    if (config_->striping == Striping::kWord) {
      for (int d = 0; d < d_lanes; ++d) row[slot[d]] = src[d];
      continue;
    }
    for (int b = 0; b * 64 < d_lanes; ++b) {
      std::uint64_t* m = block_.data();
      for (int j = 0; j < 64; ++j) {
        // 64 bits of bit time j, lanes 64b..64b+63: host bit offset j*D + 64b within the row.
        const std::int64_t off = std::int64_t(j) * d_lanes + 64 * b;
        const std::int64_t w = off >> 6;
        const int sh = int(off & 63);
        std::uint64_t v = src[w] >> sh;
        if (sh != 0 && w + 1 < d_lanes) v |= src[w + 1] << (64 - sh);
        m[j] = v;
      }
      transpose64(m);
      const int n = std::min(64, d_lanes - 64 * b);
      for (int i = 0; i < n; ++i) row[slot[64 * b + i]] = m[i];
    }
  }
}

void Gearbox::destripe(std::span<const std::uint64_t> frame, std::span<std::uint64_t> host) {
  const int d_lanes = config_->data_lanes;
  const int rs = config_->row_slots();
  const int* slot = config_->data_slot.data();
  for (int k = 0; k < config_->payload_words(); ++k) {
    std::uint64_t* dst = host.data() + std::size_t(k) * d_lanes;
    const std::uint64_t* row = frame.data() + std::size_t(k) * rs;
    if (config_->striping == Striping::kWord) {
      for (int d = 0; d < d_lanes; ++d) dst[d] = row[slot[d]];
      continue;
    }
    std::memset(dst, 0, sizeof(std::uint64_t) * d_lanes);
    for (int b = 0; b * 64 < d_lanes; ++b) {
      std::uint64_t* m = block_.data();
      const int n = std::min(64, d_lanes - 64 * b);
      for (int i = 0; i < n; ++i) m[i] = row[slot[64 * b + i]];
      for (int i = n; i < 64; ++i) m[i] = 0;
      transpose64(m);
      const std::uint64_t keep = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
      for (int j = 0; j < 64; ++j) {
        const std::int64_t off = std::int64_t(j) * d_lanes + 64 * b;
        const std::int64_t w = off >> 6;
        const int sh = int(off & 63);
        const std::uint64_t v = m[j] & keep;
        dst[w] |= v << sh;
        if (sh != 0 && w + 1 < d_lanes) dst[w + 1] |= v >> (64 - sh);
      }
    }
  }
}

}  // namespace mosaic::link
