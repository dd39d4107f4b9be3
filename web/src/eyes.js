// The eyes of the `mosaic simulate` page: the statistical eye with its openings at KP4 and 1e-12
// and the eye mask, the jitter budget, the Monte Carlo eye and the bathtubs (any channel's, when
// the record holds them all).
import { contours } from "d3-contour";
import { axis, cellSeries, chart, fmt, fmtBer, palette, redrawChart } from "./charts.js";
import { card, el, plot, table } from "./dom.js";

export const KP4 = Math.log10(2.4e-4);
const finite = (x) => typeof x === "number" && Number.isFinite(x);
const COLOR = { kp4: "#ffffff", e6: "#40c3f7", e12: "#3ebd93" };
// Labels on the eye: light text on a dark chip, legible over any BER colour.
const LABEL = { fontSize: 11, fontWeight: 600, backgroundColor: "rgba(16,42,67,0.82)", padding: [2, 4], borderRadius: 3 };

// Contour lines of a grid (values[y][x]) at `levels`, in the grid's own coordinates.
function contourLines(xs, ys, values, levels) {
  const nx = xs.length;
  const ny = ys.length;
  const gen = contours().size([nx, ny]).thresholds(levels);
  // d3 contours enclose values >= level; the eye is where BER is *below* it, so flip the sign.
  const flat = values.map((v) => -v);
  const out = [];
  for (const c of gen(flat)) {
    const pts = [];
    for (const polygon of c.coordinates)
      for (const ring of polygon) {
        for (const [gx, gy] of ring) {
          const fx = Math.min(Math.max(gx - 0.5, 0), nx - 1);
          const fy = Math.min(Math.max(gy - 0.5, 0), ny - 1);
          const ix = Math.floor(Math.min(fx, nx - 2));
          const iy = Math.floor(Math.min(fy, ny - 2));
          const x = xs[ix] + (xs[ix + 1] - xs[ix]) * (fx - ix);
          const y = ys[iy] + (ys[iy + 1] - ys[iy]) * (fy - iy);
          pts.push([x, y]);
        }
        pts.push([null, null]);
      }
    out.push({ level: -c.value, points: pts });
  }
  return out;
}

// The eye's openings as the record states them, or null when it has none (an older record).
function openings(eye) {
  const o = eye.eye_opening;
  if (!o || typeof o !== "object") return null;
  const ok = (x) => x && ["height_ua", "width_ui", "left_ui", "right_ui", "low_ua", "high_ua"].every((k) => finite(x[k]));
  return ok(o.kp4) && ok(o.ber_1e12) ? o : null;
}

function validMask(m) {
  return m && Array.isArray(m.vertices) && m.vertices.length === 6 && m.vertices.every((v) => Array.isArray(v) && finite(v[0]) && finite(v[1])) && typeof m.pass === "boolean" && finite(m.margin_percent);
}

// Double-headed arrows in data coordinates, each shifted by a few pixels (so that the KP4 and
// 1e-12 openings, which share their lines, sit side by side), labelled.
function arrowSeries(name, color, arrows) {
  return {
    type: "custom",
    name,
    data: arrows.map((a) => [a.from[0], a.from[1], a.to[0], a.to[1], a.shift[0], a.shift[1], a.label, a.at ?? 0.5]),
    encode: { x: [0, 2], y: [1, 3] },
    itemStyle: { color },
    silent: true,
    z: 5,
    renderItem(params, api) {
      const p = api.coord([api.value(0), api.value(1)]);
      const q = api.coord([api.value(2), api.value(3)]);
      const sx = api.value(4);
      const sy = api.value(5);
      const a = [p[0] + sx, p[1] + sy];
      const b = [q[0] + sx, q[1] + sy];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const ux = (b[0] - a[0]) / len;
      const uy = (b[1] - a[1]) / len;
      const head = (tip, dir) => ({
        type: "polygon",
        shape: { points: [tip, [tip[0] - dir * (8 * ux - 4 * uy), tip[1] - dir * (8 * uy + 4 * ux)], [tip[0] - dir * (8 * ux + 4 * uy), tip[1] - dir * (8 * uy - 4 * ux)]] },
        style: { fill: color, stroke: palette.ink, lineWidth: 0.5 },
      });
      const label = String(api.value(6));
      const at = api.value(7);
      const vertical = Math.abs(uy) > Math.abs(ux);
      const mx = a[0] + at * (b[0] - a[0]);
      const my = a[1] + at * (b[1] - a[1]);
      return {
        type: "group",
        children: [
          { type: "line", shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, style: { stroke: palette.ink, lineWidth: 3.5, opacity: 0.55 } },
          { type: "line", shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, style: { stroke: color, lineWidth: 1.8 } },
          head(a, -1),
          head(b, 1),
          {
            type: "text",
            x: vertical ? mx + (sx >= 0 ? 6 : -6) : mx,
            y: vertical ? my : my + (sy >= 0 ? 6 : -6),
            style: {
              ...LABEL,
              text: label,
              fill: color,
              align: vertical ? (sx >= 0 ? "left" : "right") : "center",
              verticalAlign: vertical ? "middle" : sy >= 0 ? "top" : "bottom",
            },
          },
        ],
      };
    },
  };
}

function maskSeries(mask) {
  const color = mask.pass ? "#3ebd93" : palette.limit;
  const name = `eye mask (${mask.pass ? "pass" : "fail"})`;
  return {
    type: "custom",
    name,
    data: [mask.vertices.flat()],
    encode: { x: [0, 2, 4, 6, 8, 10], y: [1, 3, 5, 7, 9, 11] },
    itemStyle: { color },
    silent: true,
    z: 4,
    renderItem(params, api) {
      const pts = [];
      for (let i = 0; i < 6; i++) pts.push(api.coord([api.value(2 * i), api.value(2 * i + 1)]));
      const corner = pts[4];  // bottom right: clear of the arrows' labels
      return {
        type: "group",
        children: [
          { type: "polygon", shape: { points: pts }, style: { fill: mask.pass ? "rgba(62,189,147,0.22)" : "rgba(214,69,69,0.3)", stroke: color, lineWidth: 1.5, lineDash: [5, 3] } },
          {
            type: "text",
            x: corner[0] + 4,
            y: corner[1] + 4,
            style: { ...LABEL, text: `mask ${mask.pass ? "pass" : "fail"}, margin ${mask.margin_percent >= 0 ? "+" : ""}${fmt(mask.margin_percent)} %`, fill: color, align: "left", verticalAlign: "top" },
          },
        ],
      };
    },
  };
}

const openingText = (o) => `${fmt(o.height_ua)} µA (${fmt(o.height_swing)} of the swing) × ${fmt(o.width_ui)} UI (${fmt(o.width_ps)} ps)`;

export function statEyeCard(page) {
  const area = plot("plot tall");
  const eye = page.stat_eye;
  if (!eye) return card("Statistical eye", "not available for this report", area);
  const xs = eye.phase_ui;
  const ys = eye.threshold_ua;
  const nx = xs.length;
  const cells = [];
  for (let j = 0; j < ys.length; j++) for (let i = 0; i < nx; i++) cells.push([xs[i], ys[j], Math.max(-16, eye.log10_ber[j * nx + i])]);
  // Contours where the openings are measured (KP4, 1e-12) and one between.
  const levels = [
    { level: KP4, name: "BER 2.4e-4 (KP4)", color: COLOR.kp4 },
    { level: -6, name: "BER 1e-6", color: COLOR.e6 },
    { level: -12, name: "BER 1e-12", color: COLOR.e12 },
  ];
  const found = contourLines(xs, ys, eye.log10_ber, levels.map((l) => -l.level));
  const lines = levels.map((l, k) => ({
    type: "line",
    name: l.name,
    data: (found[k] || { points: [] }).points,
    symbol: "none",
    connectNulls: false,
    silent: true,
    lineStyle: { color: l.color, width: 1.6 },
    itemStyle: { color: l.color },
  }));
  const o = openings(eye);
  const s = eye.sampling_phase_ui;
  const d = eye.decision_threshold_ua;
  const annotations = [];
  if (o) {
    // KP4 above and right of the lines they share with 1e-12, 1e-12 below and left.
    // Labels spread along the arrows, clear of the pin and of each other.
    const arrows = (x, shift, tag, along, up) => {
      const out = [];
      if (x.width_ui > 0) out.push({ from: [x.left_ui, d], to: [x.right_ui, d], shift: [0, shift], label: `${tag} ${fmt(x.width_ui)} UI`, at: along });
      if (x.height_ua > 0) out.push({ from: [s, x.low_ua], to: [s, x.high_ua], shift: [-shift, 0], label: `${tag} ${fmt(x.height_ua)} µA`, at: up });
      return out;
    };
    annotations.push(arrowSeries("eye opening at KP4", COLOR.kp4, arrows(o.kp4, -7, "KP4", 0.2, 0.85)));
    annotations.push(arrowSeries("eye opening at 1e-12", COLOR.e12, arrows(o.ber_1e12, 7, "1e-12", 0.8, 0.15)));
  }
  const mask = validMask(eye.eye_mask) ? eye.eye_mask : null;
  if (mask) annotations.push(maskSeries(mask));
  chart("stat_eye", area, {
    tooltip: { trigger: "item", formatter: (p) => (p.seriesName === "eye" ? `phase ${fmt(p.data[0])} UI, threshold ${fmt(p.data[1])} µA<br>BER ${fmtBer(p.data[2])}` : p.seriesName) },
    // A dark legend: the white KP4 line and arrows show on it as they do on the eye.
    legend: { top: 0, data: [...lines.map((l) => l.name), ...annotations.map((a) => a.name), "decision point"], backgroundColor: "rgba(16,42,67,0.92)", borderRadius: 6, padding: [5, 10], textStyle: { fontSize: 11, color: "#f0f4f8" }, inactiveColor: "#7b8794" },
    grid: { left: 64, right: 96, top: 52, bottom: 52 },
    xAxis: axis("sampling phase from pulse peak (UI)", { type: "value", min: xs[0], max: xs[nx - 1], splitLine: { show: false }, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
    yAxis: axis("decision threshold (µA)", { type: "value", min: ys[0], max: ys[ys.length - 1], splitLine: { show: false }, nameGap: 44, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
    visualMap: { type: "continuous", dimension: 2, seriesIndex: 0, min: -16, max: 0, right: 0, top: "middle", itemHeight: 200, text: ["log10 BER 0", "−16"], inRange: { color: palette.ber }, textStyle: { color: palette.muted, fontSize: 11 } },
    series: [
      cellSeries("eye", cells, xs[1] - xs[0], ys[1] - ys[0]),
      ...lines,
      ...annotations,
      { type: "scatter", name: "decision point", data: [[s, d]], symbol: "pin", symbolSize: 22, z: 6, itemStyle: { color: "#ffffff", borderColor: palette.ink, borderWidth: 1 } },
    ],
  });
  const said = [`BER over sampling phase and threshold (exact ISI + crosstalk distribution with Gaussian noise and jitter); contours at 2.4e-4 (KP4), 1e-6 and 1e-12; pin: the chosen phase and threshold (BER ${fmtBer(eye.log10_ber_at_decision)}).`];
  if (o) said.push(`Opening at KP4: ${openingText(o.kp4)}; at 1e-12: ${openingText(o.ber_1e12)} (arrows; white KP4, green 1e-12).`);
  if (mask)
    said.push(
      `Mask (dashed hexagon, chosen: ${fmt(2 * mask.half_width_ui)} UI wide, ${fmt(2 * mask.half_height_swing)} of the swing tall, on the decision point) against the BER ${fmtBer(Math.log10(mask.ber))} region: ${mask.pass ? "pass" : "fail"}, margin ${fmt(mask.margin_percent)} % (how far it scales before it leaves the region).`
    );
  said.push("Choose the channel with --eye-stat.");
  return card(`Statistical eye, channel ${eye.channel}`, said.join(" "), area);
}

// The timing terms of the channel the statistical eye shows, in UI and ps, and the UI they use up.
export function jitterBudgetCard(page) {
  const eye = page.stat_eye;
  const b = eye && eye.jitter_budget;
  if (!b || !finite(b.ui_ps) || !finite(b.rj_rms_ui) || !finite(b.tj_stat_eye_1e12_ui)) return null;
  const num = (x) => (finite(x) ? x : null);
  const ui = (x) => (finite(x) ? fmt(x) : "closed");
  const ps = (x) => (finite(x) ? fmt(x * b.ui_ps) : "closed");
  const q12 = fmt(b.q_1e12);
  const qk = fmt(b.q_kp4);
  const step = `the phase moves in steps of ${fmt(b.phase_step_ui)} UI (${fmt(b.phase_step_ui * b.ui_ps)} ps)`;
  const rows = [
    ["random jitter RJ (rms)", b.rj_rms_ui, "random", "rx.jitter_rms_ps: the sampling clock's Gaussian jitter, independent of the data (the only random timing term of the model)"],
    ["ISI DJ (peak-to-peak)", b.dj_isi_pp_ui, "deterministic", "the channel's own pulse (LED, fiber dispersion, receiver, CTLE): spread of its threshold crossings over every data pattern, noise and jitter off"],
    ["crosstalk DJ (peak-to-peak, added)", b.dj_crosstalk_pp_ui, "deterministic", "the neighbours' light at this channel's instants (their skews in), their worst patterns too"],
    ["DJ total (peak-to-peak)", b.dj_total_pp_ui, "deterministic", "ISI and crosstalk together"],
    [`RJ at KP4: 2 × ${qk} × RJ`, 2 * b.q_kp4 * b.rj_rms_ui, "random", "the dual-Dirac RJ term at BER 2.4e-4"],
    [`TJ at KP4, dual-Dirac DJ + 2 × ${qk} × RJ`, b.tj_dual_dirac_kp4_ui, "total", "approximation: the peak-to-peak DJ stands in for the dual-Dirac DJ (which it bounds from above); amplitude noise is not in it"],
    ["TJ at KP4, statistical eye: 1 UI − eye width", b.tj_stat_eye_kp4_ui, "total", "exact in the model: noise, jitter, ISI and crosstalk together"],
    [`RJ at 1e-12: 2 × ${q12} × RJ`, 2 * b.q_1e12 * b.rj_rms_ui, "random", "the dual-Dirac RJ term at BER 1e-12"],
    [`TJ at 1e-12, dual-Dirac DJ + 2 × ${q12} × RJ`, b.tj_dual_dirac_1e12_ui, "total", "approximation: the peak-to-peak DJ stands in for the dual-Dirac DJ (which it bounds from above); amplitude noise is not in it"],
    ["TJ at 1e-12, statistical eye: 1 UI − eye width", b.tj_stat_eye_1e12_ui, "total", "exact in the model: noise, jitter, ISI and crosstalk together"],
    [
      "sampling-phase offset",
      b.phase_offset_ui,
      "static",
      b.clock === "forwarded" ? `forwarded clock: the row's one phase minus the phase this channel would choose alone (its skew residue in the row); ${step}` : `per-channel CDR: each channel samples at its own best phase; ${step}`,
    ],
  ];
  const t = table(
    ["term", "UI", "ps", "kind", "from"],
    rows.map(([name, x, kind, from]) => [name, ui(x), ps(x), kind, from])
  );
  t.classList.add("jitter-budget");
  // The UI as the dual-Dirac budget spends it, at KP4 and at 1e-12; the statistical eye's own TJ
  // marked on each bar.
  const area = plot();
  const cats = ["at KP4", "at 1e-12"];
  const qs = [b.q_kp4, b.q_1e12];
  const dj = [num(b.dj_isi_pp_ui), num(b.dj_crosstalk_pp_ui)];
  const parts = [
    { name: "ISI DJ", color: palette.blocks[0], v: () => dj[0] },
    { name: "crosstalk DJ", color: palette.blocks[4], v: () => dj[1] },
    { name: "RJ (2 Q × rms)", color: palette.blocks[2], v: (k) => 2 * qs[k] * b.rj_rms_ui },
    { name: "left open", color: "#d9e2ec", v: (k) => (dj[0] === null || dj[1] === null ? null : Math.max(0, 1 - dj[0] - dj[1] - 2 * qs[k] * b.rj_rms_ui)) },
  ];
  const stat = [b.tj_stat_eye_kp4_ui, b.tj_stat_eye_1e12_ui];
  chart("jitter_budget", area, {
    tooltip: { trigger: "item", formatter: (p) => `${p.seriesName} ${p.name}: ${fmt(Array.isArray(p.value) ? p.value[0] : p.value)} UI (${fmt((Array.isArray(p.value) ? p.value[0] : p.value) * b.ui_ps)} ps)` },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    grid: { left: 72, right: 24, top: 44, bottom: 52 },
    xAxis: axis(`unit intervals (1 UI = ${fmt(b.ui_ps)} ps)`, { type: "value", min: 0, max: (v) => Math.max(1, Math.ceil(v.max * 10) / 10) }),
    yAxis: { type: "category", data: cats, axisLabel: { color: palette.ink }, axisTick: { show: false } },
    series: [
      ...parts.map((p) => ({ type: "bar", name: p.name, stack: "ui", barWidth: "46%", itemStyle: { color: p.color }, data: cats.map((_, k) => p.v(k)) })),
      { type: "scatter", name: "TJ, statistical eye", symbol: "diamond", symbolSize: 14, z: 5, itemStyle: { color: palette.limit, borderColor: "#fff", borderWidth: 1 }, data: cats.map((c, k) => [stat[k], c]) },
    ],
  });
  const closed = !finite(b.dj_total_pp_ui);
  const sub =
    `Channel ${eye.channel}, the one the statistical eye shows. The model's timing terms: one random (the Gaussian sampling jitter) and the deterministic jitter of the pulse's ISI and the neighbours' crosstalk; ` +
    `bars: the dual-Dirac budget TJ = DJ + 2 Q(BER) RJ (Q = ${qk} at KP4, ${q12} at 1e-12), a decomposition in which the peak-to-peak DJ stands in for the dual-Dirac DJ (it bounds it from above) and amplitude noise has no part; diamonds: the statistical eye's own TJ (1 UI − eye width), exact in the model, noise included: well right of the bar, the channel is noise-limited rather than jitter-limited.` +
    (closed ? " The worst data pattern closes the noise-free eye at the sampling phase: no peak-to-peak DJ to state." : "");
  return card("Jitter budget", sub, area, t);
}

// Counts drawn on a square-root scale, empty bins left out (white): a sparse eye stays open.
export function mcEyeCard(r, eye) {
  const area = plot();
  const nx = eye.time_bins;
  const ny = eye.amplitude_bins;
  const dt = (eye.time_stop_ui - eye.time_start_ui) / nx;
  const da = (eye.amplitude_max_ua - eye.amplitude_min_ua) / ny;
  const cells = [];
  let maxCount = 1;
  for (let a = 0; a < ny; a++)
    for (let t = 0; t < nx; t++) {
      const n = eye.counts[a * nx + t];
      if (n > 0) {
        maxCount = Math.max(maxCount, n);
        cells.push([eye.time_start_ui + (t + 0.5) * dt, eye.amplitude_min_ua + (a + 0.5) * da, Math.sqrt(n), n]);
      }
    }
  const top = Math.sqrt(maxCount);
  chart(`mc_eye_${eye.channel}`, area, {
    tooltip: { trigger: "item", formatter: (p) => (p.seriesName === "mc eye" ? `t ${fmt(p.data[0])} UI, ${fmt(p.data[1])} µA: ${p.data[3]} samples` : p.seriesName) },
    legend: { top: 0, data: ["decision threshold", "sampling instant"], textStyle: { fontSize: 11 } },
    grid: { left: 64, right: 96, top: 36, bottom: 52 },
    xAxis: axis("time from the sampling instant (UI)", { type: "value", min: eye.time_start_ui, max: eye.time_stop_ui, splitLine: { show: false }, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
    yAxis: axis("photocurrent (µA)", { type: "value", min: eye.amplitude_min_ua, max: eye.amplitude_max_ua, splitLine: { show: false }, nameGap: 44, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
    visualMap: {
      type: "continuous",
      dimension: 2,
      seriesIndex: 0,
      min: 0,
      max: top,
      right: 0,
      top: "middle",
      itemHeight: 200,
      text: [`${fmt(maxCount)} samples`, "1"],
      formatter: (v) => fmt(v * v),
      inRange: { color: palette.density },
      textStyle: { color: palette.muted, fontSize: 11 },
    },
    series: [
      cellSeries("mc eye", cells, dt, da),
      { type: "line", name: "decision threshold", data: [[eye.time_start_ui, eye.threshold_ua], [eye.time_stop_ui, eye.threshold_ua]], symbol: "none", silent: true, lineStyle: { color: palette.limit, type: "dashed" }, itemStyle: { color: palette.limit } },
      { type: "line", name: "sampling instant", data: [[0, eye.amplitude_min_ua], [0, eye.amplitude_max_ua]], symbol: "none", silent: true, lineStyle: { color: palette.ink, type: "dotted" }, itemStyle: { color: palette.ink } },
    ],
  });
  const mc = r.monte_carlo;
  return card(
    `Monte Carlo eye, channel ${eye.channel}`,
    `Bit-true waveform histogram (${mc.mode}, ${fmt(mc.bits_per_channel)} bits per channel), ${nx} × ${ny} bins (one column per waveform sample: mc.samples_per_ui sets them), sampling clock without jitter; colour: samples per bin on a square-root scale, white where none; 0 is the sampling instant, as the statistical eye's pin.`,
    area
  );
}

// Bathtubs: the worst active channel's, or with every channel's in the record (--all-bathtubs)
// the worst few overlaid or any one channel.
export function bathtubCard(r, which) {
  const area = plot();
  const link = r.link;
  const key = which === "phase" ? "bathtub_phase" : "bathtub_threshold_ua";
  const worstTub = link[`worst_channel_${key}`];
  const valid = (t) => t && Array.isArray(t.x) && Array.isArray(t.log10_ber) && t.x.length === t.log10_ber.length && t.x.length > 1;
  if (!valid(worstTub)) return card(`Bathtub (${which})`, "no active channel", area);
  const withTubs = r.channels.filter((c) => c.role !== "dead" && valid(c[key]));
  const active = withTubs.filter((c) => c.role === "data" || c.role === "ecc").sort((a, b) => b.log10_ber - a.log10_ber || a.index - b.index);
  const many = active.length > 1;
  const unit = which === "phase" ? "UI" : "µA";
  // What is drawn: [{channel, tub}] for a choice.
  const chosen = (value) => {
    if (!many) return [{ channel: link.worst_channel, tub: worstTub, role: "" }];
    if (value.startsWith("worst:")) return active.slice(0, Number(value.slice(6))).map((c) => ({ channel: c.index, tub: c[key], role: c.role }));
    const c = withTubs.find((x) => x.index === Number(value.slice(3)));
    return c ? [{ channel: c.index, tub: c[key], role: c.role }] : [];
  };
  const option = (value) => {
    const drawn = chosen(value);
    const lowest = Math.min(...drawn.flatMap((d) => d.tub.log10_ber));
    const floor = Math.max(-60, Math.min(-15, Math.floor(lowest / 5) * 5));
    return {
      tooltip: { trigger: "axis", formatter: (ps) => ps.map((p) => `${p.seriesName}: ${fmt(p.data[0])} ${unit}, BER ${fmtBer(p.data[1])}`).join("<br>") },
      legend: drawn.length > 1 ? { top: 0, type: "scroll", textStyle: { fontSize: 11 } } : undefined,
      grid: { left: 64, right: 24, top: drawn.length > 1 ? 36 : 24, bottom: 52 },
      xAxis: axis(which === "phase" ? "sampling phase from the chosen one (UI)" : "threshold from the chosen one (µA)", { type: "value", scale: true }),
      yAxis: axis("log10 BER", { type: "value", min: floor, max: 0, nameGap: 36 }),
      series: drawn.map((d, k) => ({
        type: "line",
        name: `channel ${d.channel}${d.role ? ` (${d.role})` : ""}`,
        data: d.tub.x.map((x, i) => [x, Math.max(floor, d.tub.log10_ber[i])]),
        symbol: "none",
        lineStyle: { color: palette.blocks[k % palette.blocks.length], width: k === 0 ? 2.4 : 1.4 },
        itemStyle: { color: palette.blocks[k % palette.blocks.length] },
        areaStyle: drawn.length === 1 ? { color: "rgba(11,107,203,0.08)" } : undefined,
        markLine:
          k === 0
            ? {
                silent: true,
                symbol: "none",
                label: { formatter: "{b}", position: "insideEndTop", color: palette.muted },
                data: [
                  { name: "KP4 2.4e-4", yAxis: KP4, lineStyle: { color: palette.limit, type: "dashed" } },
                  { name: "1e-12", yAxis: -12, lineStyle: { color: palette.muted, type: "dotted" } },
                ],
              }
            : undefined,
      })),
    };
  };
  const name = `bathtub_${which}`;
  const what = which === "phase" ? "BER as the sampling instant moves, threshold held" : "BER as the decision threshold moves, phase held";
  if (!many) {
    chart(name, area, option(""));
    return card(`Bathtub, worst channel ${link.worst_channel} (${which})`, `${what}; the record has the worst active channel's only (simulate --all-bathtubs keeps every channel's).`, area);
  }
  const counts = [1, 5, 10, 20].filter((n) => n === 1 || n <= active.length);
  if (!counts.includes(active.length) && active.length < 20) counts.push(active.length);
  const select = el(
    "select",
    { "aria-label": `bathtub ${which} channels` },
    counts.map((n) => el("option", { value: `worst:${n}`, text: n === 1 ? `worst active channel (${active[0].index})` : `worst ${n} active channels` })),
    withTubs
      .slice()
      .sort((a, b) => b.log10_ber - a.log10_ber || a.index - b.index)
      .map((c) => el("option", { value: `ch:${c.index}`, text: `channel ${c.index} (${c.role}, BER ${fmtBer(c.log10_ber)})` }))
  );
  select.value = counts.includes(5) ? "worst:5" : `worst:${counts[counts.length - 1]}`;
  chart(name, area, option(select.value));
  select.addEventListener("change", () => redrawChart(name, option(select.value)));
  return card(
    `Bathtubs (${which})`,
    `${what}; each channel from its own chosen ${which === "phase" ? "phase" : "threshold"}; the record holds every channel's (${withTubs.length} live): the worst active ones overlaid or any one channel.`,
    el("div", { class: "controls" }, el("label", { text: "show " }, select)),
    area
  );
}
