#pragma once

#include <cstddef>
#include <cstdint>

// Hot loops of the Monte Carlo waveform engine. Every kernel works on kLanes independent
// realizations ("lanes") of one channel at once, stored interleaved: sample i of lane l lives at
// [i * kLanes + l]. Lanes are independent streams of the same channel (same filters, own data and
// noise), so the inner loop over lanes has no dependencies and vectorizes, while the recursive
// filters keep their sample-to-sample recursion in the outer loop. Each kernel has a plain scalar
// reference beside it (`*_reference`, one lane at a time, double precision where it matters) that
// the tests compare against (STYLE.md point 10). Signals are photocurrents in amperes, float.
namespace mosaic::phy::mc {

inline constexpr int kLanes = 16;

// Key of one lane group's Philox4x32-10 streams: lane l uses the counter words
// {q, purpose, mix(index), mix(block0 + l)} under key (seed), exactly like core::Rng(seed, purpose,
// index, block0 + l), so the kernel's u32 stream of lane l equals that Rng's next_u32() sequence.
struct LaneKey {
  std::uint64_t seed = 0;
  std::uint32_t purpose = 0;
  std::uint64_t index = 0;   // channel
  std::uint64_t block0 = 0;  // block of lane 0
};

// Standard normals, float, for samples [4 * first_quad, 4 * (first_quad + quads)) of every lane:
// out[(4 q + j) * kLanes + l] for q in [0, quads). Box-Muller on the lane's Philox words (two
// words per pair of normals); logarithm and sine/cosine are polynomials good to ~1e-7, the
// smallest uniform is 2^-32, so single draws reach 6.66 sigma.
void gaussian_lanes(const LaneKey& key, std::uint32_t first_quad, std::size_t quads, float* out);
void gaussian_lanes_reference(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                              float* out);

// The lanes' Philox words [4 first_quad, 4 (first_quad + quads)) as they come:
// out[(4 q + j) * kLanes + l], word j of quad q of lane l, exactly Rng::next_u32()'s sequence.
void word_lanes(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                std::uint32_t* out);
void word_lanes_reference(const LaneKey& key, std::uint32_t first_quad, std::size_t quads,
                          std::uint32_t* out);

// Cascade of second-order sections (transposed direct form II), the same coefficients for every
// lane: coef[5 s + {0..4}] = {b0, b1, b2, a1, a2} (a0 = 1), state[(2 s + {0,1}) * kLanes + l].
// n samples per lane; in and out may alias.
inline constexpr int kMaxSections = 4;
void sos_lanes(const float* coef, int sections, float* state, const float* in, float* out,
               std::size_t n);
void sos_lanes_reference(const double* coef, int sections, double* state, const float* in,
                         float* out, std::size_t n);

// Transmitter as a polyphase FIR on the bits: out[(k os + j) kLanes + l] = base + scale *
// sum_{i < taps_ui} bits[(k0 + k - i) kLanes + l] * pulse[i os + j], for k in [0, nbits).
// bits are 0/1 floats; pulse holds taps_ui * os samples of the response to one isolated bit.
void tx_lanes(const float* pulse, int taps_ui, int os, const float* bits, std::size_t k0,
              std::size_t nbits, float base, float scale, float* out);
void tx_lanes_reference(const float* pulse, int taps_ui, int os, const float* bits, std::size_t k0,
                        std::size_t nbits, float base, float scale, float* out);

// Sample-rate FIR: out[i kLanes + l] = sum_m taps[m] in[(i + ntaps - 1 - m) kLanes + l]; `in` holds
// ntaps - 1 samples of history before the n new ones.
void fir_lanes(const float* taps, int ntaps, const float* in, float* out, std::size_t n);
void fir_lanes_reference(const float* taps, int ntaps, const float* in, float* out, std::size_t n);

// acc[i] += kappa * x[i] over n interleaved samples (crosstalk from one neighbour).
void axpy_lanes(float kappa, const float* x, float* acc, std::size_t n);

// Received signal plus receiver noise: y = x + u * sqrt(thermal_var + shot_per_a * max(x, 0)),
// with u unit-variance filtered noise (shot noise follows the instantaneous photocurrent).
void add_noise_lanes(const float* x, const float* u, float thermal_var, float shot_per_a, float* y,
                     std::size_t n);
void add_noise_lanes_reference(const float* x, const float* u, float thermal_var, float shot_per_a,
                               float* y, std::size_t n);

}  // namespace mosaic::phy::mc
