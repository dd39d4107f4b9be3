#!/usr/bin/env bash
# The link layer at the margin through the command line: BER 2.4e-4 (the KP4 limit) on every
# channel and 50 random channel deaths (all the spares) over 4e9 host bits. The host FEC must lose
# nothing, every death must be swapped, at most one channel mapped out, never `down`.
# About 15 s on one core (Release build).
set -euo pipefail
cd "$(dirname "$0")/.."
mosaic=${MOSAIC:-./build/apps/mosaic/mosaic}
"$mosaic" relay --gbits 4 --ber 2.4e-4 --fail-random 50 --seed 7 --json |
  python3 -c '
import json, sys
r = json.load(sys.stdin)
checks = {
    "bits_out >= 1e9": r["bits_out"] >= 1e9,
    "0 uncorrectable codewords": r["fec_codewords_uncorrectable"] == 0,
    "0 miscorrected codewords": r["fec_codewords_miscorrected"] == 0,
    "0 frames lost": r["frames_lost"] == 0,
    "0 silent codewords": r["silent_codewords"] == 0,
    "swaps == deaths": r["swap_count"] == len(r["random_deaths"]) == 50,
    "<= 1 mapped out": r["mapped_out_count"] <= 1,
    "never down": r["worst_link_state"] != "down",
}
print({k: r[k] for k in ("bits_out", "swap_count", "mapped_out_count", "fec_codewords_uncorrectable",
                         "frames_lost", "post_ecc_ber", "worst_link_state", "link_state_reasons")})
failed = [k for k, ok in checks.items() if not ok]
print("relay margin:", "ok" if not failed else "FAILED " + ", ".join(failed))
sys.exit(1 if failed else 0)
'
