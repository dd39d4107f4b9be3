#include "mosaic/link/channel_ecc.hpp"

#include <array>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

ChannelEcc::ChannelEcc(const LinkConfig& config)
    : config_(&config),
      scratch_(config.has_ecc() ? config.slots_per_group / 2 : 1),
      syn_(config.check_bits + 1) {}

void ChannelEcc::encode(std::span<std::uint64_t> frame, int rows) {
  if (!config_->has_ecc()) return;
  const int r = config_->check_bits;
  const int m = config_->slots_per_group;
  const int rs = config_->row_slots();
  for (int k = 0; k < rows; ++k) {
    for (int g = 0; g < config_->groups; ++g) {
      std::uint64_t* slots = frame.data() + std::size_t(k) * rs + std::size_t(g) * m;
      slots[0] = 0;
      for (int i = 0; i < r; ++i) slots[1 << i] = 0;
      std::uint64_t all = hamming_fold(slots, r, syn_.data(), scratch_.data());
      for (int i = 0; i < r; ++i) {
        slots[1 << i] = syn_[i];
        all ^= syn_[i];
      }
      slots[0] = all;
    }
  }
}

void ChannelEcc::decode(std::span<std::uint64_t> frame, int rows,
                        std::span<const std::uint16_t> candidates,
                        std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats) {
  if (!config_->has_ecc()) return;
  const int r = config_->check_bits;
  const int m = config_->slots_per_group;
  const int rs = config_->row_slots();
  // Suspect lists per (group, BIP lane), built once per period.
  std::vector<std::array<std::vector<int>, 16>> cand(config_->groups);
  for (int s : config_->active_slots) {
    const std::uint16_t mask = candidates[s];
    if (mask == 0) continue;
    for (int l = 0; l < 16; ++l)
      if ((mask >> l) & 1u) cand[s / m][l].push_back(s);
  }
  // The single fully erased lane of each group, if there is exactly one (-1 otherwise).
  std::vector<int> erased(config_->groups, -1), erased_n(config_->groups, 0);
  for (int s : config_->active_slots)
    if (candidates[s] == 0xFFFF && ++erased_n[s / m] == 1) erased[s / m] = s;
  for (int g = 0; g < config_->groups; ++g)
    if (erased_n[g] != 1) erased[g] = -1;
  for (int k = 0; k < rows; ++k) {
    bool bad = false;
    std::uint64_t* row = frame.data() + std::size_t(k) * rs;
    for (int g = 0; g < config_->groups; ++g) {
      std::uint64_t* slots = row + std::size_t(g) * m;
      const std::uint64_t parity = hamming_fold(slots, r, syn_.data(), scratch_.data());
      std::uint64_t any = parity;
      for (int i = 0; i < r; ++i) any |= syn_[i];
      while (any) {
        const int t = __builtin_ctzll(any);
        any &= any - 1;
        unsigned s = 0;
        for (int i = 0; i < r; ++i) s |= unsigned((syn_[i] >> t) & 1u) << i;
        decode_bit(row, g, t, s, unsigned((parity >> t) & 1u), cand[g][t & 15], erased[g],
                   candidates, corrected_per_slot, stats, bad);
      }
    }
    if (bad) stats.uncorrectable_rows.push_back(k);
  }
}

void ChannelEcc::decode_bit(std::uint64_t* row, int group, int bit, unsigned s, unsigned p,
                            const std::vector<int>& cand, int erased,
                            std::span<const std::uint16_t> candidates,
                            std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats,
                            bool& bad) {
  const int m = config_->slots_per_group;
  const int base = group * m;
  const std::uint16_t lane_bit = std::uint16_t(1u << (bit & 15));
  auto used = [&](unsigned col) { return config_->slot_used[base + col] != 0; };
  auto suspect = [&](unsigned col) { return (candidates[base + col] & lane_bit) != 0; };
  std::array<unsigned, 3> fix{};
  int fix_n = 0;
  int matches = 0;
  if (static_cast<int>(cand.size()) <= kMaxCandidates) {
    // Every set of <= 3 suspects whose columns XOR to the syndrome (odd size iff p = 1).
    if (p == 1 && used(s) && suspect(s)) {
      ++matches;
      fix = {s, 0, 0};
      fix_n = 1;
    }
    for (std::size_t i = 0; i < cand.size(); ++i) {
      const unsigned a = unsigned(cand[i] - base);
      for (std::size_t j = i + 1; j < cand.size(); ++j) {
        const unsigned b = unsigned(cand[j] - base);
        if (p == 0) {
          if ((a ^ b) == s) {
            ++matches;
            fix = {a, b, 0};
            fix_n = 2;
          }
        } else {
          const unsigned c = s ^ a ^ b;
          if (c > b && used(c) && suspect(c)) {
            ++matches;
            fix = {a, b, c};
            fix_n = 3;
          }
        }
      }
    }
  }
  if (matches != 1) {
    const unsigned other = erased >= 0 ? s ^ unsigned(erased - base) : 0;
    if (matches == 0 && p == 1 && used(s)) {
      fix = {s, 0, 0};  // plain SECDED: a single error outside the suspects
      fix_n = 1;
    } else if (matches == 0 && p == 0 && erased >= 0 && other != 0 && used(other)) {
      // One erased lane plus one error anywhere: within distance 4 (2 * 1 + 1 < 4).
      fix = {unsigned(erased - base), other, 0};
      fix_n = 2;
    } else {
      ++stats.uncorrectable_bit_times;
      bad = true;
      return;
    }
  }
  for (int i = 0; i < fix_n; ++i) {
    row[base + fix[i]] ^= std::uint64_t{1} << bit;
    ++corrected_per_slot[base + fix[i]];
    ++stats.corrected_bits;
  }
}

}  // namespace mosaic::link
