// The page of a `mosaic cable` summary: the emulator's throughput and latency beside the
// modelled hardware latency, then each direction's link session (timeline, host FEC histogram,
// per-channel counters, swaps) in the vocabulary of `mosaic relay`.
import { fmt } from "./charts.js";
import { card, el, table, tiles } from "./dom.js";
import { channelCountersCard, fecHistogramCard, timelineCard } from "./session.js";

const DIRECTION = { ab: "A to B", ba: "B to A" };

export function cablePage(page, root) {
  const r = page.report;
  const dirs = Object.entries(r.directions || {});
  const frames = (k) => dirs.reduce((sum, [, d]) => sum + (d[k] || 0), 0);
  const corrupt = frames("frames_delivered_corrupt");
  const dropped = frames("frames_dropped");
  root.append(
    tiles([
      ["interfaces", `${r.interfaces.a} ↔ ${r.interfaces.b}`],
      ["run", `${fmt(r.wall_s)} s at ${fmt(r.cpu_percent)} % of a core`],
      ["frames in / out", `${fmt(frames("frames_in"))} / ${fmt(frames("frames_out"))}`],
      ["frames dropped", String(dropped), dropped ? "warn" : "good"],
      ["delivered corrupted", String(corrupt), corrupt ? "bad" : "good"],
      ["channel deaths", String((r.random_deaths || []).length)],
      ["hardware latency (model)", `${fmt(r.latency.total_ns)} ns`],
    ])
  );
  for (const [name, d] of dirs) {
    const grid = el("div", { class: "grid" });
    root.append(el("h2", { text: `Direction ${DIRECTION[name] || name}: link ${d.link_state}, ${d.swap_count} swaps, ${d.spares_left} spares left` }), grid);
    const lat = d.latency_us || {};
    grid.append(
      card(
        "Frames and latency",
        "The emulator's added latency per frame (software, on this host) beside the modelled hardware latency of the design (one way).",
        table(
          ["figure", "value"],
          [
            ["frames in / out", `${fmt(d.frames_in)} / ${fmt(d.frames_out)}`],
            ["bytes in / out", `${fmt(d.bytes_in)} / ${fmt(d.bytes_out)}`],
            ["dropped / delivered corrupted / rejected too long", `${d.frames_dropped} / ${d.frames_delivered_corrupt} / ${d.frames_rejected_too_long}`],
            ["emulator latency p50 / p99 / max", lat.frames ? `${fmt(lat.p50)} / ${fmt(lat.p99)} / ${fmt(lat.max)} µs over ${lat.frames} frames` : "no frames"],
            ["hardware latency (model)", `${fmt(r.latency.total_ns)} ns: electronics ${fmt(r.latency.electronics_ns)} ns, fiber ${fmt(r.latency.fiber_ns)} ns`],
            ["ECC corrected bits", fmt(d.ecc_corrected_bits)],
            ["link state reasons", (d.link_state_reasons || []).join(", ") || "none"],
          ]
        )
      )
    );
    for (const c of [timelineCard(d, name, "Link timeline", "The cable steps marker periods as frames arrive, so link time covers the traffic, not the wall-clock run; channel deaths are scheduled in wall-clock time."), fecHistogramCard(d, name), channelCountersCard(d, name)]) if (c) grid.append(c);
    if (d.swaps && d.swaps.length)
      grid.append(
        card(
          "Spare swaps",
          "",
          table(
            ["time (s)", "lane", "from channel", "to spare", "reason", "acknowledged"],
            d.swaps.map((s) => [fmt(s.time_s, 6), String(s.lane), String(s.from_channel), String(s.to_channel), s.reason, s.acknowledged ? "yes" : "no"])
          )
        )
      );
  }
}
