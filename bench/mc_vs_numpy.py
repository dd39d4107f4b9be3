#!/usr/bin/python3
"""Side-by-side speed of mosaic's Monte Carlo waveform engine and a straightforward vectorized
numpy implementation of the same single-channel chain (same oversampling, same transmitter
pulse, same receiver sections, same noise injection and scaling, same jittered sampling).

    /usr/bin/python3 bench/mc_vs_numpy.py [--build build-mc] [--bits 4e6] [--numpy-bits 1e6]

mosaic runs on one thread (bench_mc --chain-json), then numpy runs the chain it wrote out.
Prints bits per second of each, their ratio, and both BERs (which must agree statistically).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np


def impulse_response(sections, n):
    """Impulse response of the cascade of second-order sections (numpy has no IIR filter, so a
    straightforward numpy implementation applies the receiver as an FIR of this response)."""
    h = np.zeros(n)
    h[0] = 1.0
    for b0, b1, b2, a1, a2 in sections:
        y = np.zeros(n)
        s1 = s2 = 0.0
        for i in range(n):
            x = h[i]
            v = b0 * x + s1
            s1 = b1 * x - a1 * v + s2
            s2 = b2 * x - a2 * v
            y[i] = v
        h = y
    return h


def fft_filter(x, H, nfft, taps):
    """Linear convolution of x with the FIR whose rfft is H (overlap-discard is unnecessary: one
    block, transient at the start discarded by the caller)."""
    return np.fft.irfft(np.fft.rfft(x, nfft) * H, nfft)[: len(x)]


def numpy_run(chain, bits_total, block_bits=1 << 15, seed=1):
    os_ = chain["samples_per_ui"]
    L = chain["taps_ui"]
    pulse = np.array(chain["tx_pulse"]).reshape(L, os_)
    h = impulse_response(chain["rx_sections"], 4096)
    keep = np.nonzero(np.abs(h) > 1e-7 * np.abs(h).max())[0].max() + 1
    h = h[:keep]
    ns = block_bits * os_
    nfft = 1 << int(np.ceil(np.log2(ns + keep)))
    H = np.fft.rfft(h, nfft)
    rng = np.random.default_rng(seed)
    warm = 64  # bits discarded at each block start (filter transients)
    D = chain["decision_samples"]
    th = chain["threshold_a"]
    errors = 0
    counted = 0
    t0 = time.perf_counter()
    while counted < bits_total:
        b = rng.integers(0, 2, block_bits + L - 1).astype(np.float64)
        # Transmitter: polyphase FIR of the bits with the one-bit pulse (a matrix product).
        win = np.lib.stride_tricks.sliding_window_view(b, L)[:, ::-1]  # [k, i] = b[k + L-1 - i]
        tx = chain["base_a"] + chain["swing_a"] * (win @ pulse).reshape(-1)
        bits = b[L - 1 :]
        x = fft_filter(tx, H, nfft, keep)
        u = fft_filter(rng.standard_normal(ns) * chain["noise_input_scale"], H, nfft, keep)
        y = x + u * np.sqrt(chain["thermal_var_a2"] + chain["shot_a2_per_a"] * np.maximum(x, 0))
        k = np.arange(warm, block_bits - int(np.ceil(D / os_)) - 2)
        t = k * os_ + D + np.clip(chain["jitter_rms_samples"] * rng.standard_normal(len(k)),
                                  -(os_ - 1), os_ - 1)
        i0 = np.floor(t).astype(np.int64)
        f = t - i0
        v = (1 - f) * y[i0] + f * y[i0 + 1]
        errors += int(np.count_nonzero((v > th) != (bits[k] > 0.5)))
        counted += len(k)
    wall = time.perf_counter() - t0
    return {"bits": counted, "errors": errors, "ber": errors / counted, "wall_s": wall,
            "bits_per_s": counted / wall}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(here, "..", "build-mc"))
    ap.add_argument("--bits", type=float, default=4e6, help="bits simulated by mosaic")
    ap.add_argument("--numpy-bits", type=float, default=1e6, help="bits simulated by numpy")
    args = ap.parse_args()
    exe = os.path.join(args.build, "bench", "bench_mc")
    if not os.path.exists(exe):
        sys.exit(f"{exe} not found: build it with ninja -C {args.build} bench/bench_mc")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chain.json")
        subprocess.run([exe, "--chain-json", path, "--bits", str(args.bits)], check=True)
        chain = json.load(open(path))
    m = chain["mosaic"]
    n = numpy_run(chain, args.numpy_bits)
    print(f"chain: prototype 30 m, one channel, {chain['samples_per_ui']} samples/UI, "
          f"{len(chain['rx_sections'])} receiver sections, thermal+shot noise, jitter")
    print(f"statistical eye BER        {chain['stat_eye_ber']:.3e}")
    print(f"mosaic (1 thread)  {m['bits_per_s']:12.4g} bits/s   BER {m['ber']:.3e} "
          f"({m['errors']:.0f} errors / {m['bits']:.3g} bits)")
    print(f"numpy              {n['bits_per_s']:12.4g} bits/s   BER {n['ber']:.3e} "
          f"({n['errors']} errors / {n['bits']:.3g} bits)")
    print(f"ratio mosaic / numpy: {m['bits_per_s'] / n['bits_per_s']:.1f}x")


if __name__ == "__main__":
    main()
