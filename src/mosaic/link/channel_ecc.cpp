#include "mosaic/link/channel_ecc.hpp"

#include <array>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

ChannelEcc::ChannelEcc(const LinkConfig& config)
    : config_(&config),
      scratch_(config.has_ecc() ? config.slots_per_group / 2 : 1),
      syn_(config.check_bits + 1) {}

void ChannelEcc::encode_row(std::uint64_t* row) {
  if (!config_->has_ecc()) return;
  const int r = config_->check_bits;
  const int m = config_->slots_per_group;
  for (int g = 0; g < config_->groups; ++g) {
    std::uint64_t* slots = row + std::size_t(g) * m;
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

void ChannelEcc::encode(std::span<std::uint64_t> frame, int rows) {
  for (int k = 0; k < rows; ++k) encode_row(frame.data() + std::size_t(k) * config_->row_slots());
}

unsigned ChannelEcc::ErasedBasis::reduce(unsigned v, std::uint32_t& used) const {
  // Rows were each reduced by the earlier ones, so one pass in insertion order clears every pivot.
  for (std::size_t i = 0; i < vec.size(); ++i)
    if (v & pivot[i]) {
      v ^= vec[i];
      used ^= comb[i];
    }
  return v;
}

void ChannelEcc::set_candidates(std::span<const std::uint16_t> candidates) {
  const int m = config_->slots_per_group;
  const unsigned parity_bit = 1u << config_->check_bits;
  erased_.assign(config_->groups, ErasedBasis{});
  suspects_.resize(config_->groups);
  for (auto& lanes : suspects_)
    for (auto& l : lanes) l.clear();
  for (int s : config_->active_slots) {
    if (candidates[s] != 0xFFFF) continue;
    ErasedBasis& e = erased_[s / m];
    const std::uint32_t bit = e.slots.size() < 32 ? std::uint32_t{1} << e.slots.size() : 0;
    e.slots.push_back(s);
    std::uint32_t comb = bit;
    const unsigned v = e.reduce(unsigned(s % m) | parity_bit, comb);
    if (v == 0 || bit == 0) {
      e.independent = false;  // a codeword lies inside the erased lanes: their bits are ambiguous
      continue;
    }
    e.vec.push_back(v);
    e.pivot.push_back(1u << (31 - __builtin_clz(v)));
    e.comb.push_back(comb);
  }
  for (int s : config_->active_slots) {
    const std::uint16_t mask = candidates[s];
    if (mask == 0 || mask == 0xFFFF) continue;
    const ErasedBasis& e = erased_[s / m];
    std::uint32_t comb = 0;
    const unsigned red = e.reduce(unsigned(s % m) | parity_bit, comb);
    for (int l = 0; l < 16; ++l)
      if ((mask >> l) & 1u) suspects_[s / m][l].push_back({s % m, red, comb});
  }
}

std::size_t ChannelEcc::syndrome_words() const {
  return config_->has_ecc() ? std::size_t(config_->groups) * (config_->check_bits + 1) : 0;
}

bool ChannelEcc::syndromes(const std::uint64_t* row, std::uint64_t* syn) {
  if (!config_->has_ecc()) return false;
  const int r = config_->check_bits;
  const int m = config_->slots_per_group;
  std::uint64_t any = 0;
  for (int g = 0; g < config_->groups; ++g) {
    std::uint64_t* to = syn + std::size_t(g) * (r + 1);
    to[r] = hamming_fold(row + std::size_t(g) * m, r, to, scratch_.data());
    for (int i = 0; i <= r; ++i) any |= to[i];
  }
  return any != 0;
}

void ChannelEcc::decode_row(std::uint64_t* row, int k, const std::uint64_t* syn,
                            std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats) {
  const int r = config_->check_bits;
  bool bad = false;
  for (int g = 0; g < config_->groups; ++g) {
    const std::uint64_t* from = syn + std::size_t(g) * (r + 1);
    const std::uint64_t parity = from[r];
    std::uint64_t any = parity;
    for (int i = 0; i < r; ++i) any |= from[i];
    while (any) {
      const int t = __builtin_ctzll(any);
      any &= any - 1;
      unsigned s = unsigned((parity >> t) & 1u) << r;
      for (int i = 0; i < r; ++i) s |= unsigned((from[i] >> t) & 1u) << i;
      decode_bit(row, g, t, s, suspects_[g][t & 15], corrected_per_slot, stats, bad);
    }
  }
  if (bad) stats.uncorrectable_rows.push_back(k);
}

void ChannelEcc::decode(std::span<std::uint64_t> frame, int rows,
                        std::span<const std::uint16_t> candidates,
                        std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats) {
  if (!config_->has_ecc()) return;
  set_candidates(candidates);
  rows_syn_.resize(syndrome_words());
  for (int k = 0; k < rows; ++k) {
    std::uint64_t* row = frame.data() + std::size_t(k) * config_->row_slots();
    if (syndromes(row, rows_syn_.data()))
      decode_row(row, k, rows_syn_.data(), corrected_per_slot, stats);
  }
}

void ChannelEcc::decode_bit(std::uint64_t* row, int group, int bit, unsigned syndrome,
                            const std::vector<Suspect>& suspects,
                            std::span<std::uint32_t> corrected_per_slot, EccDecodeStats& stats,
                            bool& bad) {
  const int r = config_->check_bits;
  const int m = config_->slots_per_group;
  const int base = group * m;
  const unsigned parity_bit = 1u << r;
  const ErasedBasis& erased = erased_[group];
  auto flip = [&](int col) {
    row[base + col] ^= std::uint64_t{1} << bit;
    ++corrected_per_slot[base + col];
    ++stats.corrected_bits;
  };
  auto flip_erased = [&](std::uint32_t comb) {
    for (std::size_t i = 0; comb; ++i, comb >>= 1)
      if (comb & 1u) flip(erased.slots[i] - base);
  };
  auto fail = [&] {
    ++stats.uncorrectable_bit_times;
    bad = true;
  };
  // When several explanations tie, the erased lanes on which they all agree still take the
  // agreed value (the bit time is flagged all the same): a tie between two suspects usually
  // leaves most erased lanes determined, and an erased lane left as received is wrong half the
  // time.
  std::uint32_t all_flip = ~std::uint32_t{0}, all_keep = ~std::uint32_t{0};
  auto note = [&](std::uint32_t flips) {
    all_flip &= flips;
    all_keep &= ~flips;
  };
  auto fail_keeping_consensus = [&] {
    flip_erased(all_flip);
    fail();
  };
  if (!erased.independent) return fail();

  // Step 1: the erased lanes absorb whatever lies in their span; the suspects must supply the
  // rest, with as few of them as possible.
  std::uint32_t comb = 0;
  const unsigned target = erased.reduce(syndrome, comb);
  if (target == 0) return flip_erased(comb);
  const int n = static_cast<int>(suspects.size());
  {
    std::array<int, 3> fix{};
    int fix_n = 0, found = 0;
    // Every match of one size is counted so that a tie is seen; a larger size is only tried when
    // no smaller one matched. A single suspect is always looked for (linear in the suspects);
    // pairs and triples only while the list is short, as at a high background BER nearly every
    // channel is a suspect in every BIP lane and a pair would fit by chance.
    const int max_w = n <= kMaxCandidates ? 3 : 1;
    for (int w = 1; w <= max_w && found == 0; ++w) {
      for (int i = 0; i < n; ++i) {
        const unsigned a = suspects[i].reduced;
        if (w == 1) {
          if (a == target) {
            fix = {i, 0, 0}, fix_n = 1, ++found;
            note(comb ^ suspects[i].comb);
          }
          continue;
        }
        for (int j = i + 1; j < n; ++j) {
          const unsigned ab = a ^ suspects[j].reduced;
          if (w == 2) {
            if (ab == target) fix = {i, j, 0}, fix_n = 2, ++found;
            continue;
          }
          for (int q = j + 1; q < n; ++q)
            if ((ab ^ suspects[q].reduced) == target) fix = {i, j, q}, fix_n = 3, ++found;
        }
      }
    }
    if (found > 1) return fix_n == 1 ? fail_keeping_consensus() : fail();
    if (found == 1) {
      std::uint32_t lanes = comb;
      for (int i = 0; i < fix_n; ++i) {
        lanes ^= suspects[fix[i]].comb;
        flip(suspects[fix[i]].col);
      }
      return flip_erased(lanes);
    }
  }

  // Step 2: one error outside the suspects. It equals the syndrome plus some combination of
  // erased columns; with one erased lane exactly one such combination has odd weight (1 erasure +
  // 1 error is within distance 4), with more it must be the only one that is a used slot.
  const int ne = static_cast<int>(erased.slots.size());
  if (ne > kMaxErasedForUnlocated) return fail();
  int hits = 0;
  unsigned col = 0;
  std::uint32_t with = 0;
  for (std::uint32_t sub = 0; sub < (std::uint32_t{1} << ne); ++sub) {
    unsigned v = syndrome;
    for (int i = 0; i < ne; ++i)
      if ((sub >> i) & 1u) v ^= unsigned(erased.slots[i] - base) | parity_bit;
    if (!(v & parity_bit)) continue;
    const unsigned c = v & (parity_bit - 1);
    if (!config_->slot_used[base + c]) continue;
    ++hits;
    col = c;
    with = sub;
    note(sub);
  }
  if (hits > 1) return fail_keeping_consensus();
  if (hits != 1) return fail();
  flip(int(col));
  flip_erased(with);
}

}  // namespace mosaic::link
