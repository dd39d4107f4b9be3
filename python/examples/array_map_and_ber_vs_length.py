"""Draws the array map of a design and its BER against fiber length with matplotlib.

    PYTHONPATH=build/python python3 python/examples/array_map_and_ber_vs_length.py [out.png]

Needs matplotlib (Debian: python3-matplotlib). About 20 s on 2 cores.
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import mosaic  # noqa: E402

KP4 = 2.4e-4
PRESET = "prototype"
SEED = 1


def array_map(ax, r):
    ch = r.channels
    pitch = r.spec["array"]["pitch_um"]
    x, y = ch.col * pitch, ch.row * pitch
    live = ch.role != "dead"
    markers = {"data": "o", "ecc": "D", "spare": "^"}
    scatter = None
    for role, marker in markers.items():
        sel = ch.role == role
        if sel.any():
            scatter = ax.scatter(x[sel], y[sel], c=ch.log10_ber[sel], marker=marker, s=60,
                                 cmap="plasma", vmin=ch.log10_ber[live].min(),
                                 vmax=ch.log10_ber[live].max(), label=role, edgecolors="k",
                                 linewidths=0.3)
    dead = ch.role == "dead"
    if dead.any():
        ax.scatter(x[dead], y[dead], marker="x", c="grey", label="dead")
    # The fiber images the whole array: its outer ring holds every pixel.
    cx, cy = x.max() / 2, y.max() / 2
    ax.add_patch(plt.Circle((cx, cy), np.hypot(cx, cy) + pitch / np.sqrt(2), fill=False, lw=1.5))
    ax.set_aspect("equal")
    ax.invert_yaxis()
    ax.set_xlabel("x (µm)")
    ax.set_ylabel("y (µm)")
    ax.set_title(f"{PRESET}: {len(ch)} channels, worst BER {r.link.worst_ber:.2e}")
    ax.legend(loc="upper right", fontsize=8)
    ax.figure.colorbar(scatter, ax=ax, label="log10 BER")


def ber_vs_length(ax):
    # One sweep over the fiber length (a temporary SQLite store), its points on every core.
    rows = mosaic.sweep({"base": {"preset": PRESET, "seed": SEED},
                         "axis": [{"key": "fiber.length_m", "start": 10, "stop": 40, "step": 5}]}).rows
    lengths, worst, median = (rows["fiber.length_m"], rows["link.log10_worst_ber"],
                              rows["link.log10_median_ber"])
    ax.plot(lengths, worst, "o-", label="worst active channel")
    ax.plot(lengths, median, "s-", label="median")
    ax.axhline(np.log10(KP4), color="r", ls="--", label="KP4 limit 2.4e-4")
    ax.set_xlabel("fiber length (m)")
    ax.set_ylabel("log10 BER")
    ax.set_title("BER against fiber length")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "mosaic_example.png"
    fig, (a, b) = plt.subplots(1, 2, figsize=(13, 5.5))
    array_map(a, mosaic.simulate(preset=PRESET, overrides={"fiber.length_m": 20.0}, seed=SEED))
    ber_vs_length(b)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
