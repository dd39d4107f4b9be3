#pragma once

#include <array>
#include <utility>

namespace mosaic {

// How host bits are dealt onto the data channels (and so how host FEC symbols land on channels).
// kBit: consecutive host bits go to consecutive channels (one bit per channel per bit time; a dead
// unmasked channel among 400 puts ~14 bits into every 5440-bit RS(544,514) codeword).
// kWord: 64 consecutive host bits go to one channel (bursts of 64 bits, ~7 symbols, per hit).
enum class Striping { kBit, kWord };

// Declared in schema.hpp; the specialization lives beside the enum so that every user of the enum
// (spec fields, JSON echo, the link layer) sees the same names without the core depending on link/.
template <class E>
struct EnumNames;

template <>
struct EnumNames<Striping> {
  static constexpr std::array<std::pair<Striping, const char*>, 2> kValues{{
      {Striping::kBit, "bit"},
      {Striping::kWord, "word"},
  }};
};

}  // namespace mosaic
