// The `mosaic simulate` page: array map, eyes, bathtubs, BER histogram, power, reliability.
import { axis, base, chart, fmt, fmtBer, palette } from "./charts.js";
import { card, el, plot, table, tiles } from "./dom.js";
import { bathtubCard, jitterBudgetCard, KP4, mcEyeCard, statEyeCard } from "./eyes.js";
import { fleetCard, powerCard, survivalCard } from "./shared.js";
const ROLES = ["data", "ecc", "spare", "dead"];
const SYMBOL = {
  data: "circle",
  ecc: "diamond",
  spare: "triangle",
  dead: "path://M2,0 L5,3 L8,0 L10,2 L7,5 L10,8 L8,10 L5,7 L2,10 L0,8 L3,5 L0,2 Z",
};

export function simulatePage(page, root) {
  const r = page.report;
  const link = r.link;
  // The one verdict (now and at end of life), as every command states it.
  const v = r.verdict;
  const ok = v ? v.meets : link.over_threshold === 0 && link.capacity_ok;
  // A headline figure's range over the calibration ensemble, when the record carries one.
  const range = (pair, show) => (Array.isArray(pair) && pair.length === 2 ? ` (calibration ${show(pair[0])} to ${show(pair[1])})` : "");
  root.append(
    tiles([
      ["verdict", v ? v.summary : ok ? "meets KP4" : "fails", ok ? "good" : "bad"],
      ["channels data / ECC / spare / dead", `${link.data} / ${link.ecc} / ${link.spare} / ${link.dead}`],
      ["worst active BER (KP4 2.4e-4)", fmtBer(link.log10_worst_ber) + range(link.log10_worst_ber_range, fmtBer), link.log10_worst_ber <= KP4 ? "good" : "bad"],
      ["median BER", fmtBer(link.log10_median_ber)],
      [
        "optical margin",
        link.optical_margin_db !== undefined
          ? `${fmt(link.optical_margin_db)} dB` +
            range(link.optical_margin_db_range, (x) => `${fmt(x)} dB`) +
            (link.optical_margin_end_of_life_db !== undefined ? `; ${fmt(link.optical_margin_end_of_life_db)} dB at end of life` : "")
          : "not computed",
      ],
      ["line rate / needed", `${fmt(link.line_rate_gbps, 4)} / ${fmt(link.required_line_rate_gbps, 4)} Gb/s`, link.capacity_ok ? "" : "bad"],
      ["power per end", `${fmt(r.power.per_end_w)} W (${fmt(r.power.pj_per_bit)} pJ/bit)`],
      ["link FIT over life", fmt(r.reliability.link_fit) + range(r.reliability.link_fit_range, fmt)],
    ])
  );

  const grid = el("div", { class: "grid" });
  root.append(grid);
  grid.append(arrayMapCard(page), statEyeCard(page));
  const jitter = jitterBudgetCard(page);
  if (jitter) grid.append(jitter);
  if (r.monte_carlo && r.monte_carlo.eyes && r.monte_carlo.eyes.length) for (const eye of r.monte_carlo.eyes) grid.append(mcEyeCard(r, eye));
  grid.append(bathtubCard(r, "phase"), bathtubCard(r, "threshold"), berHistogramCard(r), berCdfCard(r));
  if (r.monte_carlo && r.channels.some((c) => typeof c.mc_ber === "number")) grid.append(mcAgreementCard(r));
  if (r.link_budget) grid.append(linkBudgetCard(r.link_budget));
  if (page.comparison) grid.append(powerCard(r.power, page.comparison));
  if (page.survival) grid.append(survivalCard(page.survival, r.reliability));
  if (page.fleet) grid.append(fleetCard(page.fleet, "fleet_failures"));
  if (r.degradation) grid.append(degradationCard(r.degradation));
}

function niceFloor(x) {
  return x < -20 ? Math.floor(x / 10) * 10 : Math.floor(x);
}

function niceCeil(x) {
  return x < -20 ? Math.ceil(x / 10) * 10 : Math.ceil(x);
}

// A square plot area (the array map must not stretch) centred in the element.
function squareGrid(area, pad) {
  const w = area.clientWidth || 600;
  const h = area.clientHeight || 520;
  const side = Math.max(100, Math.min(w - pad.left - pad.right, h - pad.top - pad.bottom));
  return { left: pad.left + Math.max(0, (w - pad.left - pad.right - side) / 2), top: pad.top, width: side, height: side };
}

function arrayMapCard(page) {
  const r = page.report;
  const pitch = r.spec.array.pitch_um;
  const rows = r.spec.array.rows;
  const cols = r.spec.array.cols;
  const metrics = {
    log10_ber: { label: "log10 BER", min: null, max: null, inverse: false, get: (c) => c.log10_ber },
    margin_decades: { label: "decades below KP4", min: 0, max: 12, inverse: true, get: (c) => Math.max(0, Math.min(12, KP4 - c.log10_ber)) },
    eye_height: { label: "eye height (fraction of swing)", min: 0, max: 1, inverse: true, get: (c) => c.eye_height },
    received_power_dbm: { label: "received power dBm", min: null, max: null, inverse: true, get: (c) => c.received_power_dbm },
  };
  // A sweep point's report has eye heights for the worst channel only: no such colouring then.
  if (r.channels.some((c) => c.role !== "dead" && c.eye_height === undefined)) delete metrics.eye_height;
  // Every other per-channel figure the record holds on each live channel, by its name (units in
  // the name's suffix): Q, eye width, LED bandwidth, skew, crosstalk, the budget's margin...
  const live0 = r.channels.filter((c) => c.role !== "dead");
  const skip = new Set(["index", "row", "col", "ber", "mc_errors", "mc_bits"]);
  for (const key of Object.keys(live0[0] || {})) {
    if (key in metrics || skip.has(key)) continue;
    if (!live0.every((c) => typeof c[key] === "number" && Number.isFinite(c[key]))) continue;
    metrics[key] = { label: key.replace(/_/g, " "), min: null, max: null, inverse: false, get: (c) => c[key] };
  }
  // The limiting impairment (simulate --link-budget-every) on the active channels: categories.
  const causes = [...new Set(r.channels.map((c) => c.limiting).filter((x) => typeof x === "string"))];
  if (causes.length) metrics.limiting = { label: "limiting impairment", categories: causes, get: (c) => c.limiting ?? "not in the budget" };
  const area = plot("plot square");
  const select = el(
    "select",
    { "aria-label": "colour by" },
    Object.entries(metrics).map(([k, m]) => el("option", { value: k, text: m.label }))
  );
  const cx = ((cols - 1) * pitch) / 2;
  const cy = ((rows - 1) * pitch) / 2;
  // The fiber images the whole array: its outer ring is the smallest circle holding every pixel.
  const radius = Math.hypot(cx, cy) + (pitch * Math.SQRT2) / 2;
  const ring = [];
  for (let i = 0; i <= 180; i++) {
    const t = (2 * Math.PI * i) / 180;
    ring.push([cx + radius * Math.cos(t), cy + radius * Math.sin(t)]);
  }
  const option = (metricKey) => {
    const m = metrics[metricKey];
    const live = m.categories ? [0] : r.channels.filter((c) => c.role !== "dead").map(m.get);
    const span = Math.max(...live) - Math.min(...live);
    // BER-like figures span decades: whole-number bounds; others keep their own scale.
    const decades = metricKey === "log10_ber" || metricKey === "margin_decades" || span > 20;
    const min = m.min ?? (decades ? niceFloor(Math.min(...live)) : Math.min(...live));
    const max = m.max ?? (decades ? Math.max(niceCeil(Math.max(...live)), niceFloor(Math.min(...live)) + 1) : Math.max(...live) > Math.min(...live) ? Math.max(...live) : Math.min(...live) + 1);
    const sq = squareGrid(area, { left: 64, right: 100, top: 40, bottom: 48 });
    const colors = m.inverse ? palette.ber.slice().reverse() : palette.ber;
    return {
      tooltip: {
        trigger: "item",
        formatter: (p) => {
          if (p.seriesName === "fiber") return "fiber outer ring";
          const c = r.channels[p.data[2]];
          const lines = [
            `<b>channel ${c.index}</b> (row ${c.row}, col ${c.col}) · <b>${c.role}</b>`,
            `BER ${fmtBer(c.log10_ber)} · Q ${fmt(c.q)}`,
            `eye ${fmt(c.eye_height)} of swing × ${fmt(c.eye_width_ui)} UI`,
            `received ${fmt(c.received_power_dbm)} dBm · LED ${fmt(c.led_f3db_ghz)} GHz`,
            `skew ${fmt(c.skew_ps)} ps · crosstalk ${fmt(c.crosstalk_db)} dB`,
          ];
          if (c.mc_ber !== undefined) lines.push(`Monte Carlo BER ${fmt(c.mc_ber)} [${fmt(c.mc_ber_ci_low)}, ${fmt(c.mc_ber_ci_high)}] (${c.mc_errors} errors / ${fmt(c.mc_bits)} bits)`);
          return lines.join("<br>");
        },
      },
      legend: { top: 0, data: ROLES.map((x) => ({ name: x, icon: x === "dead" ? SYMBOL.dead : SYMBOL[x] })), itemStyle: { color: palette.muted } },
      grid: sq,
      xAxis: axis("x (µm)", { type: "value", min: cx - radius * 1.04, max: cx + radius * 1.04, splitLine: { show: false }, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
      yAxis: axis("y (µm)", { type: "value", min: cy - radius * 1.04, max: cy + radius * 1.04, inverse: true, splitLine: { show: false }, nameGap: 44, axisLabel: { color: palette.muted, showMinLabel: false, showMaxLabel: false } }),
      visualMap: m.categories
        ? {
            type: "piecewise",
            dimension: 3,
            seriesIndex: [0, 1, 2],
            categories: [...m.categories, "not in the budget"],
            orient: "vertical",
            right: 0,
            top: "middle",
            inRange: { color: [...palette.blocks.slice(0, m.categories.length), palette.dead] },
            textStyle: { color: palette.muted, fontSize: 11 },
          }
        : {
            type: "continuous",
            dimension: 3,
            seriesIndex: [0, 1, 2],
            min,
            max,
            calculable: false,
            orient: "vertical",
            right: 0,
            top: "middle",
            itemHeight: 220,
            text: [fmt(max), fmt(min)],
            formatter: (v) => fmt(v),
            inRange: { color: colors },
            textStyle: { color: palette.muted, fontSize: 11 },
          },
      series: [
        ...ROLES.map((role) => ({
          type: "scatter",
          name: role,
          symbol: SYMBOL[role],
          symbolSize: role === "dead" ? 9 : 11,
          itemStyle: role === "dead" ? { color: palette.dead } : { borderColor: role === "data" ? "transparent" : palette.ink, borderWidth: role === "data" ? 0 : 1 },
          data: r.channels.filter((c) => c.role === role).map((c) => [c.col * pitch, c.row * pitch, c.index, m.get(c)]),
        })),
        {
          type: "line",
          name: "fiber",
          data: ring,
          symbol: "none",
          silent: true,
          lineStyle: { color: palette.ink, width: 2 },
        },
      ],
    };
  };
  // Dead pixels stay grey: the visualMap only colours the live roles (series 0..2).
  chart("array_map", area, () => option("log10_ber"));
  const map = () => window.__mosaic.charts.array_map;
  select.addEventListener("change", () => map().setOption({ ...base, ...option(select.value) }, { notMerge: true }));
  window.addEventListener("resize", () => map().setOption({ grid: squareGrid(area, { left: 64, right: 100, top: 40, bottom: 48 }) }));
  return card(
    "Array map",
    `${r.channels.length} pixels (${rows} × ${cols}, pitch ${pitch} µm) as laid out on the array; outer ring: the fiber's image circle. Shape = role, colour = chosen metric; hover a pixel for its figures.`,
    el("div", { class: "controls" }, el("label", { text: "colour by " }, select)),
    area
  );
}

function berHistogramCard(r) {
  const area = plot();
  const live = r.channels.filter((c) => c.role !== "dead").map((c) => c.log10_ber);
  const hi = Math.max(0, niceCeil(Math.max(...live)));
  const span = hi - Math.min(niceFloor(Math.min(...live)), KP4 - 3);
  // Half-decade bins when the spread is small, coarser ones (1, 2, 5, 10... decades) otherwise.
  const width = [0.5, 1, 2, 5, 10, 20, 50].find((w) => span / w <= 48) || 100;
  const lo = hi - Math.ceil(span / width) * width;
  const bins = Math.round((hi - lo) / width);
  const counts = { data: new Array(bins).fill(0), ecc: new Array(bins).fill(0), spare: new Array(bins).fill(0) };
  let below = 0;
  for (const c of r.channels) {
    if (c.role === "dead") continue;
    if (c.log10_ber < lo) below++;
    const b = Math.min(bins - 1, Math.max(0, Math.floor((c.log10_ber - lo) / width)));
    counts[c.role][b]++;
  }
  const centers = Array.from({ length: bins }, (_, i) => lo + (i + 0.5) * width);
  chart("ber_histogram", area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    xAxis: axis("log10 BER (per channel)", { type: "value", min: lo, max: hi }),
    yAxis: axis("channels", { type: "value", nameGap: 36 }),
    series: [
      ...["data", "ecc", "spare"].map((role, k) => ({
        type: "bar",
        name: role,
        stack: "roles",
        barWidth: "90%",
        barCategoryGap: "5%",
        itemStyle: { color: palette.roles[k] },
        data: centers.map((x, i) => [x, counts[role][i]]),
        markLine:
          k === 0
            ? {
                silent: true,
                symbol: "none",
                label: { formatter: "KP4 limit 2.4e-4", position: "insideEndTop", color: palette.limit },
                lineStyle: { color: palette.limit, type: "dashed", width: 2 },
                data: [{ xAxis: KP4 }],
              }
            : undefined,
      })),
    ],
  });
  return card("Per-channel BER", `Live channels by role in bins of ${width} decade${width === 1 ? "" : "s"} of BER, against the KP4 pre-FEC limit${below ? `; ${below} below 1e${lo} in the first bin` : ""}.`, area);
}

// The share of active channels at or below each BER: where the array's tail sits against KP4.
function berCdfCard(r) {
  const area = plot();
  const active = r.channels.filter((c) => c.role === "data" || c.role === "ecc").map((c) => c.log10_ber);
  active.sort((a, b) => a - b);
  const n = active.length;
  const points = active.map((x, i) => [x, (i + 1) / n]);
  const lo = Math.min(niceFloor(active[0] ?? KP4), KP4 - 3);
  const hi = Math.max(0, niceCeil(active[n - 1] ?? 0));
  const over = active.filter((x) => x > KP4).length;
  chart("ber_cdf", area, {
    tooltip: { trigger: "axis", formatter: (p) => `${fmt(100 * p[0].data[1])} % of the active channels at or below ${fmtBer(p[0].data[0])}` },
    xAxis: axis("log10 BER (per active channel)", { type: "value", min: lo, max: hi }),
    yAxis: axis("fraction of active channels", { type: "value", min: 0, max: 1, nameGap: 36 }),
    series: [
      {
        type: "line",
        name: "active channels",
        step: "end",
        symbol: "none",
        data: points,
        lineStyle: { color: palette.data, width: 2 },
        markLine: {
          silent: true,
          symbol: "none",
          label: { formatter: "KP4 limit 2.4e-4", position: "insideEndTop", color: palette.limit },
          lineStyle: { color: palette.limit, type: "dashed", width: 2 },
          data: [{ xAxis: KP4 }],
        },
      },
    ],
  });
  return card("BER over the array", `Cumulative share of the ${n} data and ECC channels by BER; ${over} above the KP4 pre-FEC limit.`, area);
}

// Monte Carlo against the statistical eye, channel by channel, with the Monte Carlo interval.
function mcAgreementCard(r) {
  const area = plot();
  const rows = r.channels.filter((c) => typeof c.mc_ber === "number" && c.mc_errors > 0);
  const points = rows.map((c) => [c.log10_ber, Math.log10(c.mc_ber), c.index]);
  const bars = rows.map((c) => [c.log10_ber, Math.log10(Math.max(c.mc_ber_ci_low, 1e-300)), Math.log10(c.mc_ber_ci_high)]);
  const all = points.flatMap((p) => [p[0], p[1]]);
  const lo = niceFloor(Math.min(...all, -6));
  const hi = Math.max(0, niceCeil(Math.max(...all, -1)));
  chart("mc_agreement", area, {
    tooltip: { trigger: "item", formatter: (p) => (p.seriesName === "Monte Carlo" ? `channel ${p.data[2]}: statistical eye ${fmtBer(p.data[0])}, Monte Carlo ${fmtBer(p.data[1])}` : p.seriesName) },
    legend: { top: 0 },
    xAxis: axis("statistical eye log10 BER", { type: "value", min: lo, max: hi }),
    yAxis: axis("Monte Carlo log10 BER", { type: "value", min: lo, max: hi, nameGap: 36 }),
    series: [
      { type: "scatter", name: "Monte Carlo", symbolSize: 6, data: points, itemStyle: { color: palette.data } },
      {
        type: "custom",
        name: "interval",
        data: bars,
        renderItem: (params, api) => {
          const a = api.coord([api.value(0), api.value(1)]);
          const b = api.coord([api.value(0), api.value(2)]);
          return { type: "line", shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, style: { stroke: palette.muted, lineWidth: 1 } };
        },
      },
      { type: "line", name: "equal", symbol: "none", silent: true, data: [[lo, lo], [hi, hi]], lineStyle: { color: palette.limit, type: "dashed" } },
    ],
  });
  return card("Monte Carlo against the statistical eye", `${rows.length} channels with at least one Monte Carlo error: each point its BER both ways, the bar its ${Math.round(100 * r.monte_carlo.confidence)} % Clopper-Pearson interval, the dashed line equality.`, area);
}

function degradationCard(d) {
  const area = plot();
  chart("degradation", area, {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    xAxis: axis("LED age (years)", { type: "value" }),
    yAxis: [axis("worst log10 BER", { type: "value", nameGap: 36 }), axis("spares left", { type: "value", position: "right", splitLine: { show: false } })],
    series: [
      { type: "line", name: "worst BER after swaps", data: d.steps.map((s) => [s.age_years, s.worst_log10_ber]), itemStyle: { color: palette.accent } },
      { type: "line", name: "spares left", yAxisIndex: 1, step: "end", data: d.steps.map((s) => [s.age_years, s.spares_left]), itemStyle: { color: palette.spare } },
    ],
  });
  return card("LED ageing", `${d.spares_used} of ${d.spares_at_start} spares used${d.failed ? `; link fails at ${fmt(d.failure_age_years)} years` : ""}.`, area);
}

// The link budget: launch to received, sensitivity through its penalties, margins, for the median
// and the worst channel side by side; then why the weakest channels are weak.
function linkBudgetCard(b) {
  const m = b.median;
  const w = b.worst;
  const db = (x) => (typeof x === "number" ? (x >= 0 ? "+" : "") + x.toFixed(2) : String(x));
  const rows = [
    ["launch, nominal (dBm)", m.launch_nominal_dbm, w.launch_nominal_dbm],
    ["LED droop at the case temperature", m.temperature_db, w.temperature_db],
    ["this LED's spread", m.led_spread_db, w.led_spread_db],
    ["coupling LED to fiber", -m.coupling_tx_db, -w.coupling_tx_db],
    ["connector", -m.connector_db, -w.connector_db],
    ["fiber", -m.fiber_db, -w.fiber_db],
    ["coupling fiber to photodiode", -m.coupling_rx_db, -w.coupling_rx_db],
    ["this channel's coupling spread", -m.coupling_spread_db, -w.coupling_spread_db],
    ["received (dBm)", m.received_dbm, w.received_dbm],
    ["noise-only sensitivity at KP4 (dBm)", m.ideal_sensitivity_dbm, w.ideal_sensitivity_dbm],
    ["extinction ratio penalty", m.extinction_ratio_penalty_db, w.extinction_ratio_penalty_db],
    ["ISI and jitter penalty", m.isi_penalty_db, w.isi_penalty_db],
    ["crosstalk penalty", m.crosstalk_penalty_db, w.crosstalk_penalty_db],
    ["sensitivity at KP4 (dBm)", m.sensitivity_kp4_dbm, w.sensitivity_kp4_dbm],
    ["margin at KP4", m.margin_db, w.margin_db],
    ["sensitivity at 1e-12 (dBm)", m.sensitivity_1e12_dbm, w.sensitivity_1e12_dbm],
    ["margin at 1e-12", m.margin_1e12_db, w.margin_1e12_db],
    ["LED ageing over the service life", -m.ageing_db, -w.ageing_db],
    ["margin at KP4 at end of life", m.margin_end_of_life_db, w.margin_end_of_life_db],
  ].map(([name, a, c]) => [name, db(a), db(c)]);
  const budget = table(["term (dB unless dBm)", `median ch ${m.channel}`, `worst ch ${w.channel}`], rows);
  budget.classList.add("link-budget");
  const weak = table(
    ["channel", "role", "margin dB", "limited by", "why"],
    b.weakest.map((c) => [String(c.channel), c.role + (c.edge ? ", edge" : ""), db(c.margin_db), c.limiting, c.why]),
    { sortable: true }
  );
  weak.classList.add("weakest-channels");
  return card("Link budget", `median channel limited by ${m.limiting}; the ${b.weakest.length} weakest active channels below`, budget, weak);
}
