// The page of a sweep store (`mosaic report results.db`): two views of the points, a Pareto
// scatter over any two numeric columns and a line plot (an output against an input, one line per
// value of a third input, one small chart per value of a fourth, with the KP4, 1e-12 and 0 dB
// reference lines), each shareable through the page's URL and exported as PNG, SVG or CSV; a
// sortable, filterable table of every point; links to the points' own reports.
import { axis, chart, fmt, palette, redrawChart, svgOf } from "./charts.js";
import { card, el, plot, tiles } from "./dom.js";

// Rows drawn in the table at once; filtering or sorting brings the others in.
const TABLE_ROWS = 1000;

// The reference levels of the line view: the KP4 host FEC's pre-FEC BER limit, a BER met without
// FEC, and the optical margin at which a link just meets KP4.
export const KP4_BER = 2.4e-4;
export const LOW_BER = 1e-12;
// BER axes end here: a BER of 0.5 is a dead channel; below the floor (the report's ber_floor, the
// smallest BER it states) a number carries no information.
const BER_CEILING = 0.5;
const DEFAULT_BER_FLOOR = 1e-30;
// Small multiples beyond this many are not drawn (the view asks for another facet input).
const MAX_FACETS = 24;

const leaf = (name) => name.slice(name.lastIndexOf(".") + 1);

// What a column holds, read from its name: a BER ("ber" or "*_ber"), its log10 ("log10_*ber"),
// a margin in dB ("*margin_db"), or anything else.
export function kindOf(c) {
  if (!c || c.type === "text") return "other";
  const n = leaf(c.name);
  if (/^log10_(\w+_)?ber$/.test(n)) return "log10_ber";
  if (/^(\w+_)?ber$/.test(n)) return "ber";
  if (/margin_db$/.test(n)) return "margin";
  return "other";
}

const SUPERSCRIPT = { 2: "²", 3: "³", 4: "⁴", 6: "⁶" };
// A unit as printed: degC as °C, um as µm, cm^3 as cm³.
export const unitText = (u) =>
  (u || "")
    .replace(/\bdegC\b/g, "°C")
    .replace(/\bum\b/g, "µm")
    .replace(/\bdeg\b/g, "°")
    .replace(/\^([2346])/g, (_, d) => SUPERSCRIPT[d]);

// 1e-18, 2.4e-4: a positive number in short exponent form.
export const expo = (v) => {
  const e = Math.floor(Math.log10(v) + 1e-9);
  const m = Number((v / Math.pow(10, e)).toPrecision(3));
  return `${m === 1 ? "" : m}${m === 1 ? "1" : ""}e${e}`;
};

// A value as printed in the table, tooltips and axis ticks, by what the column holds: BERs in
// exponent form and, below the floor, as "< floor"; decibels to 0.01 dB; integers and text as
// they are; other numbers to five significant digits.
export function formatValue(c, v, floor = DEFAULT_BER_FLOOR) {
  if (v === null || v === undefined) return "–";
  if (c.type === "text" || c.type === "integer" || typeof v !== "number") return String(v);
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  const kind = kindOf(c);
  if (kind === "ber") return v < floor ? `< ${expo(floor)}` : v.toExponential(2);
  if (kind === "log10_ber") return v < Math.log10(floor) ? `< ${fmt(Math.log10(floor), 4)}` : v.toFixed(2);
  if (/^dB/.test(c.unit || "")) return v.toFixed(2);
  return fmt(v, 5);
}

// Indices of the rows of `keys` (arrays, every objective minimised) that no other row dominates,
// ordered by the first objective: the rule of the C++ `sweep::non_dominated`. In lexicographic
// order no row can be dominated by a later one, so each is checked against the front so far; of
// equal rows the first stands for them.
export function nonDominated(keys) {
  const lex = (a, b) => {
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
  };
  const order = keys.map((_, i) => i).sort((i, j) => lex(keys[i], keys[j]) || i - j);
  const front = [];
  for (const i of order) {
    const dominated = front.some((f) => keys[f].every((v, k) => v <= keys[i][k]));
    if (!dominated) front.push(i);
  }
  return front;
}

// A range with round ends (1, 2 or 5 times a power of ten, about five steps) holding [lo, hi].
export function niceRange(lo, hi) {
  if (!(hi > lo)) {
    const pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 1;
    return [lo - pad, hi + pad];
  }
  const raw = (hi - lo) / 5;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
  return [Math.floor(lo / step) * step, Math.ceil(hi / step) * step];
}

// A column name on lines of at most `width` characters, broken after underscores.
const wrapName = (name, width) => {
  const lines = [""];
  for (const part of name.split(/(?<=_)/)) {
    if (lines[lines.length - 1].length + part.length > width && lines[lines.length - 1]) lines.push("");
    lines[lines.length - 1] += part;
  }
  return lines.join("\n");
};

export const encodePath = (path) => path.split("/").map(encodeURIComponent).join("/");

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// One CSV field: quoted when it holds a comma, a quote or a line break.
const csvField = (v) => {
  if (v === null || v === undefined) return "";
  const t = typeof v === "number" ? String(v) : String(v);
  return /[",\n\r]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
};

// Offers `blob` as a download named `name` (an object URL and an <a download>; nothing leaves
// the page).
function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name, style: "display:none" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const dataUrlBlob = (url) => {
  const [head, body] = url.split(",");
  const bytes = Uint8Array.from(atob(body), (ch) => ch.charCodeAt(0));
  return new Blob([bytes], { type: head.slice(5, head.indexOf(";")) });
};

// Values of a swept axis listed in the header before they are summarised as a range.
const LISTED_VALUES = 12;

// The swept axes and their values ("fiber.length_m: 10, 20, 30 m"), one per axis, for the page's
// header: what the store varies, readable before any chart. A sampled axis with many distinct
// values is summarised by its count and range.
export function sweptAxes(page) {
  const byName = Object.fromEntries(page.columns.map((c) => [c.name, c]));
  return (page.store.axes || []).map((name) => {
    const c = byName[name] || { name, type: "real", unit: "" };
    const values = page.values[name] || (c.value !== undefined ? [c.value] : []);
    const distinct = [...new Set(values.filter((v) => v !== null && v !== undefined))];
    if (c.type !== "text") distinct.sort((a, b) => a - b);
    const unit = c.unit ? ` ${unitText(c.unit)}` : "";
    const show = (v) => formatValue(c, v);
    const list =
      distinct.length <= LISTED_VALUES || c.type === "text"
        ? distinct.map(show).join(", ")
        : `${distinct.length} values from ${show(distinct[0])} to ${show(distinct[distinct.length - 1])}`;
    return `${name}: ${list}${unit}`;
  });
}

export function sweptAxesLine(page) {
  const lines = sweptAxes(page);
  if (!lines.length) return null;
  return el("p", { class: "meta swept" }, `swept (${page.points.length} points): `, ...lines.flatMap((line, k) => [k ? " · " : "", el("span", { class: "axis", text: line })]));
}

export function sweepPage(page, root) {
  const n = page.points.length;
  const cols = page.columns;
  const byName = Object.fromEntries(cols.map((c) => [c.name, c]));
  const value = (name, i) => (page.values[name] ? page.values[name][i] : (byName[name] || {}).value ?? null);
  // The smallest BER the report states: the report's own, else the design key, else a default.
  const floorColumn = page.values["report.ber_floor"] ? Math.min(...page.values["report.ber_floor"].filter((v) => v > 0)) : (byName["report.ber_floor"] || {}).value;
  const floorCandidates = [page.report && page.report.ber_floor, floorColumn, page.report && page.report.spec && page.report.spec.report && page.report.spec.report.ber_floor];
  const berFloor = floorCandidates.find((v) => typeof v === "number" && v > 0 && v < BER_CEILING) ?? DEFAULT_BER_FLOOR;
  const label = (c) => (c.unit ? `${c.name} (${unitText(c.unit)})` : c.name);
  const show = (c, v) => formatValue(c, v, berFloor);
  const withUnit = (c, v) => `${show(c, v)}${c.unit && v !== null && v !== undefined ? " " + unitText(c.unit) : ""}`;
  const varying = cols.filter((c) => page.values[c.name]);
  const isNumeric = (c) => c.type !== "text" && page.values[c.name].some((v) => v !== null);
  const numeric = varying.filter(isNumeric);
  // Swept keys first, then the other inputs that vary (a zipped or sampled sweep), then outputs.
  const inputs = [...varying.filter((c) => c.role === "input" && c.axis), ...varying.filter((c) => c.role === "input" && !c.axis)];
  const outputs = varying.filter((c) => c.role !== "input");
  const numericInputs = inputs.filter(isNumeric);
  const numericOutputs = outputs.filter(isNumeric);
  const store = page.store;
  const pages = page.pages;
  const defaults = page.default_axes;
  const has = (list, name) => list.some((c) => c.name === name);

  const defaultLine = () => {
    const x = numericInputs[0] ? numericInputs[0].name : "";
    const series = inputs.find((c) => c.name !== x);
    const y = ["link.optical_margin_db", "link.log10_worst_ber"].find((name) => has(numericOutputs, name)) || (numericOutputs[0] ? numericOutputs[0].name : "");
    return { x, y, series: series ? series.name : "", facet: "" };
  };
  const state = {
    view: "pareto",
    x: defaults[0] ? defaults[0].column : numeric[0] && numeric[0].name,
    xMax: defaults[0] ? defaults[0].maximize : false,
    y: defaults[1] ? defaults[1].column : numeric[1] ? numeric[1].name : numeric[0] && numeric[0].name,
    yMax: defaults[1] ? defaults[1].maximize : false,
    colour: "",
    line: defaultLine(),
    filter: "",
    onlyFront: false,
    front: new Set(),
  };
  const lineReady = () => Boolean(state.line.x && state.line.y);

  // The view in the URL's fragment: view, the line view's x, y, series and facet, the Pareto
  // view's px, py, px_dir, py_dir and colour, and the table's filter; a name the store does not
  // have is ignored (its default stands).
  const readHash = () => {
    const h = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const pick = (key, list, allowNone, current) => {
      if (!h.has(key)) return current;
      const v = h.get(key);
      if (v === "" || v === "none") return allowNone ? "" : current;
      return has(list, v) ? v : current;
    };
    const d = defaultLine();
    if (h.get("view") === "line" || h.get("view") === "pareto") state.view = h.get("view");
    state.line.x = pick("x", numericInputs, false, d.x);
    state.line.y = pick("y", numericOutputs, false, d.y);
    state.line.series = pick("series", inputs, true, d.series);
    state.line.facet = pick("facet", inputs, true, "");
    state.x = pick("px", numeric, false, state.x);
    state.y = pick("py", numeric, false, state.y);
    if (h.has("px_dir")) state.xMax = h.get("px_dir") === "max";
    if (h.has("py_dir")) state.yMax = h.get("py_dir") === "max";
    state.colour = pick("colour", numeric, true, state.colour);
    if (h.has("filter")) state.filter = h.get("filter");
    if (h.has("front")) state.onlyFront = h.get("front") === "1";
    if (state.view === "line" && !lineReady()) state.view = "pareto";
  };
  const hashOf = () => {
    const h = new URLSearchParams();
    h.set("view", state.view);
    for (const k of ["x", "y", "series", "facet"]) h.set(k, state.line[k]);
    h.set("px", state.x || "");
    h.set("px_dir", state.xMax ? "max" : "min");
    h.set("py", state.y || "");
    h.set("py_dir", state.yMax ? "max" : "min");
    h.set("colour", state.colour);
    if (state.filter) h.set("filter", state.filter);
    if (state.onlyFront) h.set("front", "1");
    return "#" + h.toString();
  };
  // Written in place (no history entry, no request; a file:// page keeps working).
  const writeHash = () => {
    const hash = hashOf();
    if (window.location.hash === hash) return;
    try {
      window.history.replaceState(window.history.state, "", hash);
    } catch {
      window.location.replace(hash);
    }
  };
  readHash();

  // Rows on the front of two columns (null values take no part), as row indices.
  const frontRows = (x, xMax, y, yMax) => {
    const rows = [];
    const keys = [];
    for (let i = 0; i < n; i++) {
      const a = value(x, i);
      const b = value(y, i);
      if (a === null || b === null) continue;
      rows.push(i);
      keys.push([xMax ? -a : a, yMax ? -b : b]);
    }
    return nonDominated(keys).map((k) => rows[k]);
  };
  const updateFront = () => (state.front = new Set(frontRows(state.x, state.xMax, state.y, state.yMax)));
  updateFront();
  const checks = { frontPoints: (x, xMax, y, yMax) => frontRows(x, xMax, y, yMax).map((i) => page.points[i]), state, berFloor, line: null, hash: hashOf };
  window.__mosaic.sweep = checks;

  // A column of 0/1 per point, whether it varies (values) or not (its one value).
  const flags = (name) => page.values[name] || (byName[name] ? new Array(n).fill(byName[name].value) : null);
  const meets = flags("link.meets_kp4");
  const meetCount = meets ? meets.filter((v) => v === 1).length : null;
  // The one verdict (now and at end of life), beside the BER-now count: they differ where ageing binds.
  const verdicts = flags("link.meets");
  const verdictCount = verdicts ? verdicts.filter((v) => v === 1).length : null;
  root.append(
    tiles([
      ["points stored", store.planned_points && store.planned_points !== n ? `${n} of ${store.planned_points}` : String(n)],
      ["swept keys", store.axes.length ? store.axes.join(", ") : "none"],
      ["meet KP4 now", meetCount === null ? "–" : `${meetCount} of ${n}`, meetCount === null ? "" : meetCount ? "good" : "bad"],
      ["meet the verdict (now and at end of life)", verdictCount === null ? "–" : `${verdictCount} of ${n}`, verdictCount === null ? "" : verdictCount === n ? "good" : verdictCount ? "warn" : "bad"],
      ["on the front (default axes)", String(page.front.length)],
      ["points with their own page", `${pages.count} (${pages.policy})`],
    ])
  );

  // Relative links from file names: each path segment percent-encoded (a '#' or '?' in the
  // output's name must not end the path).
  const pointLink = (i) => (pages.links[i] ? encodePath(pages.links[i]) : null);
  const commandFor = (point) => (pages.command_template || "").replaceAll("{point}", String(point));
  const pagesNote = () => {
    const dir = `${pages.dir}/`;
    if (pages.policy === "all") return `Every point has its own report page (in ${dir}): click a point on the chart or its number in the table.`;
    const other = pages.command ? `For any other point: ${pages.command}` : "";
    if (pages.policy === "pareto")
      return `Only the ${pages.count} points on the Pareto front of the default axes (${defaults.map((d) => `${d.maximize ? "max" : "min"} ${d.column}`).join(", ")}) have their own page (in ${dir}; the store holds ${n} points). ${other}`;
    return `No point has its own page.${pages.command ? ` For any point: ${pages.command}` : ""}`;
  };

  const tooltip = (i) => {
    const point = page.points[i];
    const lines = [`<b>point ${point}</b>${state.front.has(i) ? " · on the Pareto front of the scatter's axes" : ""}`];
    const list = (group) =>
      group.filter((c) => value(c.name, i) !== null).map((c) => `${esc(c.name)} = <b>${esc(show(c, value(c.name, i)))}</b>${c.unit ? " " + esc(unitText(c.unit)) : ""}`);
    const ins = list(inputs);
    if (ins.length) lines.push("<i>inputs</i>", ...ins);
    const outs = list(outputs);
    if (outs.length) lines.push("<i>outputs</i>", ...outs);
    lines.push(pointLink(i) ? "click to open its report" : `no page: ${esc(commandFor(point))}`);
    return lines.join("<br>");
  };
  const openPoint = (p) => {
    if (!p.data || p.data[2] === undefined || p.seriesName === "front line") return;
    const link = pointLink(p.data[2]);
    if (link) window.location.href = link;
  };
  // Tick labels of a column's axis, formatted as its values are.
  const ticks = (c) => ({ color: palette.muted, formatter: (v) => (kindOf(c) === "ber" ? expo(v) : c.type === "integer" ? String(v) : fmt(v, 4)) });

  // The Pareto scatter.
  const paretoArea = plot("plot tall");
  const paretoOption = () => {
    const cx = byName[state.x];
    const cy = byName[state.y];
    const colour = state.colour ? byName[state.colour] : null;
    const rest = [];
    const front = [];
    let missing = 0;
    for (let i = 0; i < n; i++) {
      const a = value(state.x, i);
      const b = value(state.y, i);
      if (a === null || b === null) {
        missing++;
        continue;
      }
      const item = [a, b, i, colour ? value(colour.name, i) : 0];
      (state.front.has(i) ? front : rest).push(item);
    }
    const line = front.map((d) => [d[0], d[1]]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    const cvals = colour ? page.values[colour.name].filter((v) => v !== null) : [];
    const cmin = cvals.length ? Math.min(...cvals) : 0;
    const cmax = cvals.length ? Math.max(...cvals) : 1;
    state.missing = missing;
    return {
      tooltip: { trigger: "item", formatter: (p) => (p.seriesName === "front line" ? "" : tooltip(p.data[2])) },
      legend: { top: 0, data: ["points", "Pareto front"] },
      // The colour bar's title: the column it shows, with its unit.
      title: colour ? { text: wrapName(leaf(colour.name), 16), subtext: colour.unit ? unitText(colour.unit) : "", right: 12, top: 30, itemGap: 2, textAlign: "left", textStyle: { fontSize: 11, fontWeight: 600, color: palette.ink, lineHeight: 14 }, subtextStyle: { fontSize: 11, color: palette.muted } } : undefined,
      grid: { left: 84, right: colour ? 130 : 32, top: 40, bottom: 58 },
      xAxis: axis(`${cx ? label(cx) : "–"} · ${state.xMax ? "higher" : "lower"} is better`, { type: "value", scale: true, axisLabel: cx ? ticks(cx) : undefined }),
      yAxis: axis(`${cy ? label(cy) : "–"} · ${state.yMax ? "higher" : "lower"} is better`, { type: "value", scale: true, nameGap: 60, axisLabel: cy ? ticks(cy) : undefined }),
      visualMap: colour
        ? {
            type: "continuous",
            dimension: 3,
            seriesIndex: [0, 1],
            min: cmin,
            max: cmax > cmin ? cmax : cmin + 1,
            calculable: false,
            right: 24,
            top: 84,
            itemHeight: 220,
            text: [show(colour, cmax), show(colour, cmin)],
            inRange: { color: palette.ber },
            textStyle: { color: palette.muted, fontSize: 11 },
          }
        : undefined,
      series: [
        { type: "scatter", name: "points", data: rest, symbolSize: 9, itemStyle: colour ? { opacity: 0.9 } : { color: "#9fb3c8" }, cursor: "pointer" },
        { type: "scatter", name: "Pareto front", data: front, symbolSize: 14, z: 4, itemStyle: { ...(colour ? {} : { color: palette.accent }), borderColor: palette.ink, borderWidth: 1.5 }, cursor: "pointer" },
        { type: "line", name: "front line", data: line, symbol: "none", silent: true, z: 3, lineStyle: { color: palette.accent, width: 1.5, type: "dashed" } },
      ],
    };
  };

  // The line view: rows grouped by facet value, then by series value (and by the values of the
  // other varying inputs, so that a line never joins points that differ in an input not on the
  // chart), each group's points ordered by x.
  const lineModel = () => {
    const { x, y, series, facet } = state.line;
    const cx = byName[x];
    const cy = byName[y];
    const cs = series ? byName[series] : null;
    const cf = facet ? byName[facet] : null;
    const others = inputs.filter((c) => c.name !== x && c.name !== series && c.name !== facet);
    const kind = kindOf(cy);
    const logFloor = Math.log10(berFloor);
    // BERs are drawn inside [floor, 0.5]: a BER below the floor sits on it.
    const clamp = (v) => {
      if (v === null) return null;
      if (kind === "ber") return Math.min(Math.max(v, berFloor), BER_CEILING);
      if (kind === "log10_ber") return Math.min(Math.max(v, logFloor), Math.log10(BER_CEILING));
      return v;
    };
    const order = (a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
    const distinct = (c) => (c ? [...new Set(page.values[c.name])].sort(order) : [null]);
    const facetValues = distinct(cf);
    const seriesValues = distinct(cs);
    const named = (c, v) => `${leaf(c.name)} = ${withUnit(c, v)}`;
    const groups = new Map();
    let clamped = 0;
    for (let i = 0; i < n; i++) {
      const xv = value(x, i);
      if (xv === null) continue;
      const fv = cf ? value(facet, i) : null;
      const sv = cs ? value(series, i) : null;
      const rest = others.map((c) => value(c.name, i));
      const key = JSON.stringify([fv, sv, rest]);
      if (!groups.has(key)) {
        const parts = [...(cs ? [named(cs, sv)] : []), ...others.map((c, k) => named(c, rest[k]))];
        groups.set(key, { facet: facetValues.indexOf(fv), seriesValue: sv, rest, name: parts.join(" · ") || leaf(y), points: [] });
      }
      const raw = value(y, i);
      const yv = clamp(raw);
      if (raw !== null && yv !== raw) clamped++;
      groups.get(key).points.push([xv, yv, i]);
    }
    const lines = [...groups.values()].sort((a, b) => a.facet - b.facet || order(a.seriesValue, b.seriesValue) || order(JSON.stringify(a.rest), JSON.stringify(b.rest)));
    for (const l of lines) l.points.sort((p, q) => p[0] - q[0] || p[2] - q[2]);
    const names = [...new Set(lines.map((l) => l.name))];
    // The y range, the same on every small chart.
    let yAxis;
    const ys = lines.flatMap((l) => l.points.map((p) => p[1])).filter((v) => v !== null);
    const lo = ys.length ? Math.min(...ys) : 0;
    const hi = ys.length ? Math.max(...ys) : 1;
    // A tick every decade, or every two when the range is wide.
    if (kind === "ber") yAxis = { type: "log", min: berFloor, max: BER_CEILING, splitNumber: Math.ceil(Math.log10(BER_CEILING / berFloor) / 2) };
    else if (kind === "log10_ber") yAxis = { type: "value", min: Math.floor(logFloor), max: Math.log10(BER_CEILING) };
    else if (kind === "margin") {
      // 0 dB always in view, a little above the bottom.
      const low = Math.min(lo, 0);
      const high = Math.max(hi, 0);
      const [a, b] = niceRange(low - 0.04 * (high - low || 1), high);
      yAxis = { type: "value", min: a, max: b };
    } else {
      const [a, b] = niceRange(lo, hi);
      yAxis = { type: "value", min: a, max: b };
    }
    const refs = [];
    if (kind === "ber") {
      refs.push({ name: "KP4 pre-FEC limit", value: KP4_BER, text: `KP4 ${expo(KP4_BER)}`, colour: palette.limit });
      if (LOW_BER > berFloor) refs.push({ name: "BER 1e-12", value: LOW_BER, text: expo(LOW_BER), colour: palette.muted });
    } else if (kind === "log10_ber") {
      refs.push({ name: "KP4 pre-FEC limit", value: Math.log10(KP4_BER), text: `KP4 ${expo(KP4_BER)}`, colour: palette.limit });
      if (LOW_BER > berFloor) refs.push({ name: "BER 1e-12", value: Math.log10(LOW_BER), text: expo(LOW_BER), colour: palette.muted });
    } else if (kind === "margin") refs.push({ name: "0 dB margin", value: 0, text: "0 dB margin (KP4)", colour: palette.limit });
    const xs = lines.flatMap((l) => l.points.map((p) => p[0]));
    return {
      x,
      y,
      series,
      facet,
      kind,
      others: others.map((c) => c.name),
      facets: facetValues.map((v) => (cf ? named(cf, v) : "")),
      lines,
      names,
      refs,
      clamped,
      yAxis,
      xRange: xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1],
      cx,
      cy,
    };
  };
  // Small charts in rows of up to three, each titled with its facet value.
  const layout = (m) => {
    const count = m.facets.length;
    const columns = count <= 3 ? count : count === 4 ? 2 : 3;
    const rows = Math.ceil(count / columns);
    const cell = count <= 1 ? 440 : 300;
    return { columns, rows, cell, height: count <= 1 ? 440 : 40 + rows * cell };
  };
  const lineArea = plot("plot tall");
  const lineOption = (width = lineArea.clientWidth || 1200) => {
    const m = lineModel();
    const { columns, cell } = layout(m);
    const many = m.facets.length > 1;
    const cellWidth = width / columns;
    const grids = m.facets.map((_, k) => {
      const col = k % columns;
      const row = Math.floor(k / columns);
      return { left: col * cellWidth + (many ? 72 : 84), width: cellWidth - (many ? 96 : 116), top: 40 + row * cell + (many ? 28 : 8), height: cell - (many ? 90 : 70) };
    });
    const colours = Object.fromEntries(m.names.map((name, k) => [name, palette.blocks[k % palette.blocks.length]]));
    // Reference lines as dashed two-point series across each chart, labelled at their right end
    // (not markLine, which a log axis misplaces or drops at small values).
    const ref = (r, k) => ({
      type: "line",
      name: r.name,
      xAxisIndex: k,
      yAxisIndex: k,
      data: [[m.xRange[0], r.value], { value: [m.xRange[1], r.value], label: { show: true, position: "top", align: "right", formatter: r.text, color: r.colour, fontSize: 11 } }],
      symbol: "circle",
      symbolSize: 0,
      silent: true,
      z: 1,
      tooltip: { show: false },
      lineStyle: { color: r.colour, type: "dashed", width: 1.5 },
      itemStyle: { color: r.colour },
    });
    const yName = `${label(m.cy)}${m.kind === "ber" || m.kind === "log10_ber" ? ` (floor ${expo(berFloor)})` : ""}`;
    return {
      tooltip: { trigger: "item", formatter: (p) => (p.data && p.data[2] !== undefined ? tooltip(p.data[2]) : "") },
      legend: { top: 0, type: "scroll", data: m.names },
      title: many ? m.facets.map((text, k) => ({ text, left: grids[k].left, top: grids[k].top - 24, textStyle: { fontSize: 12, fontWeight: 600, color: palette.ink } })) : undefined,
      grid: grids,
      xAxis: grids.map((_, k) =>
        axis(label(m.cx), { type: "value", gridIndex: k, min: m.xRange[0], max: m.xRange[1], axisLabel: ticks(m.cx), nameGap: 26 })
      ),
      yAxis: grids.map((_, k) =>
        axis(k % columns === 0 ? yName : "", { ...m.yAxis, gridIndex: k, nameGap: m.kind === "ber" ? 58 : 48, axisLabel: ticks(m.cy) })
      ),
      series: [
        ...m.lines.map((l) => ({
          type: "line",
          name: l.name,
          xAxisIndex: l.facet,
          yAxisIndex: l.facet,
          data: l.points,
          symbol: "circle",
          symbolSize: 7,
          connectNulls: false,
          cursor: "pointer",
          itemStyle: { color: colours[l.name] },
          lineStyle: { color: colours[l.name], width: 2 },
          emphasis: { focus: "series" },
        })),
        ...grids.flatMap((_, k) => m.refs.map((r) => ref(r, k))),
      ],
    };
  };

  const lineSub = el("p", { class: "sub" });
  const paretoSub = el("p", { class: "sub" });
  const describe = () => {
    const missing = state.missing ? ` ${state.missing} point${state.missing === 1 ? "" : "s"} without a value on these axes ${state.missing === 1 ? "is" : "are"} not drawn.` : "";
    paretoSub.textContent = `${n} points; ${state.front.size} on the Pareto front (no other point at least as good on both axes and better on one), outlined and joined by the dashed line.${missing} Hover a point for its inputs and outputs; click it to open its report.`;
    if (!lineReady()) return;
    const m = lineModel();
    checks.line = {
      x: m.x,
      y: m.y,
      series: m.series,
      facet: m.facet,
      kind: m.kind,
      facets: m.facets,
      lines: m.lines.map((l) => ({ name: l.name, facet: l.facet, points: l.points.map((p) => page.points[p[2]]), ys: l.points.map((p) => p[1]) })),
      refs: m.refs.map((r) => ({ name: r.name, value: r.value })),
      yAxis: m.yAxis,
    };
    const refs = m.refs.length ? ` Dashed: ${m.refs.map((r) => r.name).join(", ")}.` : "";
    const clamp = m.clamped ? ` ${m.clamped} value${m.clamped === 1 ? "" : "s"} below the BER floor ${expo(berFloor)} (the report's ber_floor) sit on the axis's floor.` : "";
    const others = m.others.length ? ` The other varying input${m.others.length === 1 ? "" : "s"} (${m.others.join(", ")}) split the lines further.` : "";
    lineSub.textContent = `${m.y} against ${m.x}: ${m.lines.length} line${m.lines.length === 1 ? "" : "s"}${m.series ? `, one per value of ${m.series}` : ""}${m.facets.length > 1 ? `, one chart per value of ${m.facet}` : ""}.${others}${refs}${clamp} Hover a point for its inputs and outputs; click it to open its report.`;
  };

  let table = null;
  const lineCharted = () => lineReady() && lineModel().facets.length <= MAX_FACETS;
  // Draws the current view's chart (made the first time its view is shown) and writes the URL.
  const redraw = () => {
    updateFront();
    describe();
    if (state.view === "pareto" && numeric.length && state.x && state.y) {
      if (window.__mosaic.charts.pareto) redrawChart("pareto", paretoOption());
      else chart("pareto", paretoArea, paretoOption, (c) => c.on("click", openPoint));
    }
    if (state.view === "line" && lineCharted()) {
      lineArea.style.height = `${layout(lineModel()).height}px`;
      if (window.__mosaic.charts.line) redrawChart("line", lineOption());
      else chart("line", lineArea, () => lineOption(), (c) => c.on("click", openPoint));
    }
    lineTooMany.hidden = !(lineReady() && !lineCharted());
    lineArea.hidden = !lineCharted();
    if (table) table.render();
    writeHash();
  };

  const pick = (name, list, current, onChange, { none = false } = {}) => {
    const s = el("select", { "aria-label": name }, none ? el("option", { value: "", text: "none" }) : null, list.map((c) => el("option", { value: c.name, text: label(c) })));
    s.value = current;
    s.addEventListener("change", () => onChange(s.value));
    return s;
  };
  const direction = (name, maximize, onChange) => {
    const s = el("select", { "aria-label": name }, el("option", { value: "min", text: "minimise" }), el("option", { value: "max", text: "maximise" }));
    s.value = maximize ? "max" : "min";
    s.addEventListener("change", () => onChange(s.value === "max"));
    return s;
  };
  const selects = {
    px: pick("x axis", numeric, state.x, (v) => ((state.x = v), redraw())),
    pxDir: direction("x direction", state.xMax, (m) => ((state.xMax = m), redraw())),
    py: pick("y axis", numeric, state.y, (v) => ((state.y = v), redraw())),
    pyDir: direction("y direction", state.yMax, (m) => ((state.yMax = m), redraw())),
    colour: pick("colour by", numeric, state.colour, (v) => ((state.colour = v), redraw()), { none: true }),
    lx: pick("line x", numericInputs, state.line.x, (v) => ((state.line.x = v), redraw())),
    ly: pick("line y", numericOutputs, state.line.y, (v) => ((state.line.y = v), redraw())),
    series: pick("line series", inputs, state.line.series, (v) => ((state.line.series = v), redraw()), { none: true }),
    facet: pick("line facet", inputs, state.line.facet, (v) => ((state.line.facet = v), redraw()), { none: true }),
  };
  const paretoControls = el(
    "div",
    { class: "controls wrap" },
    el("label", { text: "x " }, selects.px, " ", selects.pxDir),
    el("label", { text: "y " }, selects.py, " ", selects.pyDir),
    el("label", { text: "colour by " }, selects.colour)
  );
  const lineControls = el(
    "div",
    { class: "controls wrap" },
    el("label", { text: "x " }, selects.lx),
    el("label", { text: "y " }, selects.ly),
    el("label", { text: "one line per " }, selects.series),
    el("label", { text: "one chart per " }, selects.facet)
  );
  const lineTooMany = el("p", { class: "sub", text: `More than ${MAX_FACETS} small charts: choose a facet input with fewer values.`, hidden: "" });
  const paretoPane = el("div", { "data-view": "pareto" }, paretoSub, paretoControls, paretoArea);
  const linePane = el("div", { "data-view": "line" }, lineSub, lineControls, lineTooMany, lineArea);

  // Exports of the view on screen: the chart as PNG (as drawn, twice the pixels) or SVG (drawn
  // again by the SVG renderer at the same size), the table's rows as CSV.
  const viewName = () => (state.view === "line" ? `lines_${leaf(state.line.y)}_vs_${leaf(state.line.x)}` : `pareto_${leaf(state.y)}_vs_${leaf(state.x)}`);
  const currentChart = () => window.__mosaic.charts[state.view];
  const exportPng = () => {
    const c = currentChart();
    if (c) download(`${viewName()}.png`, dataUrlBlob(c.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: "#ffffff" })));
  };
  const exportSvg = () => {
    const c = currentChart();
    if (!c) return;
    const option = state.view === "line" ? lineOption(c.getWidth()) : paretoOption();
    download(`${viewName()}.svg`, new Blob([svgOf({ ...option, backgroundColor: "#ffffff" }, c.getWidth(), c.getHeight())], { type: "image/svg+xml" }));
  };
  const csvColumns = [...inputs, ...outputs, ...cols.filter((c) => !page.values[c.name])];
  const csvText = () => {
    const head = ["point", "pareto_front", ...csvColumns.map((c) => (c.unit ? `${c.name} (${c.unit})` : c.name))];
    const rows = table.rows().map((i) => [page.points[i], state.front.has(i) ? 1 : 0, ...csvColumns.map((c) => value(c.name, i))]);
    return [head, ...rows].map((r) => r.map(csvField).join(",")).join("\n") + "\n";
  };
  const exportCsv = () => download("sweep_points.csv", new Blob([csvText()], { type: "text/csv" }));
  checks.csv = csvText;

  const viewButtons = ["pareto", "line"].map((v) =>
    el("button", { type: "button", class: "toggle", "data-view": v, text: v === "pareto" ? "Pareto scatter" : "lines", onclick: () => setView(v) })
  );
  if (!lineReady()) viewButtons[1].disabled = true;
  const title = el("h2");
  const setView = (v) => {
    state.view = v;
    title.textContent = v === "line" ? "Line plot" : "Pareto scatter";
    paretoPane.hidden = v !== "pareto";
    linePane.hidden = v !== "line";
    for (const b of viewButtons) b.setAttribute("aria-pressed", String(b.dataset.view === v));
    redraw();
  };
  const exportButtons = [
    ["PNG", "the chart as a PNG image", exportPng],
    ["SVG", "the chart as an SVG drawing", exportSvg],
    ["CSV", "the table's rows (as filtered, every column) as CSV", exportCsv],
  ].map(([text, what, onclick]) => el("button", { type: "button", class: "export", "data-export": text.toLowerCase(), title: `download ${what}`, text, onclick }));
  const bar = el("div", { class: "controls wrap view-bar" }, el("span", { class: "toggles", role: "group", "aria-label": "view" }, viewButtons), el("span", { class: "exports" }, "download ", exportButtons));

  if (numeric.length && state.x && state.y) {
    root.append(el("div", { class: "grid wide" }, el("section", { class: "card" }, title, bar, paretoPane, linePane)));
  } else {
    root.append(card("Pareto scatter", "The store has no numeric column with values to draw."));
  }

  table = pointsTable({ page, n, inputs, outputs, value, label, show, state, pointLink, commandFor, onChange: writeHash });
  root.append(el("div", { class: "grid wide" }, card("Points", pagesNote(), table.element)));
  if (numeric.length && state.x && state.y) setView(state.view);

  // A URL edited or pasted into the address bar redraws the view it names.
  window.addEventListener("hashchange", () => {
    readHash();
    for (const [k, v] of Object.entries({ px: state.x, py: state.y, colour: state.colour, lx: state.line.x, ly: state.line.y, series: state.line.series, facet: state.line.facet })) selects[k].value = v;
    selects.pxDir.value = state.xMax ? "max" : "min";
    selects.pyDir.value = state.yMax ? "max" : "min";
    table.setFilter(state.filter, state.onlyFront);
    setView(state.view);
  });
  window.addEventListener("resize", () => {
    if (state.view === "line" && window.__mosaic.charts.line) redrawChart("line", lineOption());
  });

  const fixed = cols.filter((c) => !page.values[c.name]);
  const grid = el("div", { class: "grid" });
  if (fixed.length)
    grid.append(
      card(
        "The same at every point",
        `${fixed.filter((c) => c.role === "input").length} design keys held fixed and ${fixed.filter((c) => c.role !== "input").length} outputs equal at every point (– : not computed).`,
        el(
          "div",
          { class: "table-wrap" },
          el(
            "table",
            { class: "keys" },
            el("thead", {}, el("tr", {}, ["column", "value", "unit", "meaning"].map((h) => el("th", { text: h })))),
            el(
              "tbody",
              {},
              fixed.map((c) => el("tr", {}, el("td", { class: "key", text: c.name }), el("td", { class: "num", text: show(c, c.value) }), el("td", { text: unitText(c.unit) }), el("td", { class: "doc", text: c.doc })))
            )
          )
        )
      )
    );
  grid.append(
    card(
      "Sweep file",
      `As stored with the results: fingerprint ${store.fingerprint}, written by mosaic ${store.mosaic_version}${store.margin ? ", optical margin computed" : ", optical margin not computed"}. Store: ${store.file}.`,
      el("pre", { class: "code", text: store.sweep_file || "(not recorded)" })
    )
  );
  root.append(grid);
}

// The table of every point: click a header to sort (again to reverse), filter by text or by
// conditions such as `power.per_end_w < 5 and link.meets_kp4 = 1`.
function pointsTable({ page, n, inputs, outputs, value, label, show, state, pointLink, commandFor, onChange }) {
  const columns = [...inputs, ...outputs];
  let sortBy = null; // a column name, "point" or "front"
  let sortDir = 1;
  const tbody = el("tbody");
  const count = el("span", { class: "count" });
  const filter = el("input", { type: "search", class: "wide", placeholder: "filter: text, or power.per_end_w < 5 and link.meets_kp4 = 1", "aria-label": "filter points" });
  filter.value = state.filter;
  const onlyFront = el("input", { type: "checkbox", id: "only-front" });
  onlyFront.checked = state.onlyFront;
  const headers = [
    ["point", "point"],
    ["front", "on the Pareto front of the scatter's axes"],
    ...columns.map((c) => [c.name, c.doc]),
  ];
  const ths = headers.map(([name, doc], k) =>
    el("th", {
      class: "sortable",
      title: doc || "",
      "data-column": name,
      text: k < 2 ? name : label(columns[k - 2]),
      onclick: () => {
        sortDir = sortBy === name ? -sortDir : 1;
        sortBy = name;
        render();
      },
    })
  );
  const conditions = (text) => {
    const clauses = text.split(/\s+and\s+/i).map((c) => c.trim()).filter(Boolean);
    if (!clauses.length) return null;
    const out = [];
    for (const c of clauses) {
      const m = c.match(/^([A-Za-z_][\w.]*)\s*(<=|>=|!=|==|=|<|>)\s*(-?[\d.]+(?:e[-+]?\d+)?)$/i);
      if (!m || !page.values[m[1]]) return null;
      out.push([m[1], m[2], Number(m[3])]);
    }
    return out;
  };
  const test = { "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b, "=": (a, b) => a === b, "==": (a, b) => a === b, "!=": (a, b) => a !== b };
  const rowText = (i) => [String(page.points[i]), ...columns.map((c) => show(c, value(c.name, i)))].join(" ").toLowerCase();
  const sortValue = (i) => (sortBy === "point" ? page.points[i] : sortBy === "front" ? (state.front.has(i) ? 0 : 1) : value(sortBy, i));
  // The rows the filter keeps, in the table's order (every one, not only those drawn).
  let current = [];
  function render() {
    const q = filter.value.trim();
    const conds = conditions(q);
    let rows = [];
    for (let i = 0; i < n; i++) {
      if (onlyFront.checked && !state.front.has(i)) continue;
      if (conds) {
        if (!conds.every(([name, op, v]) => value(name, i) !== null && test[op](value(name, i), v))) continue;
      } else if (q && !rowText(i).includes(q.toLowerCase())) continue;
      rows.push(i);
    }
    if (sortBy !== null) {
      // Missing values last whichever the direction; ties keep point order.
      rows.sort((a, b) => {
        const x = sortValue(a);
        const y = sortValue(b);
        if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
        return (x < y ? -1 : x > y ? 1 : 0) * sortDir || a - b;
      });
    }
    for (const th of ths) th.classList.remove("asc", "desc");
    const active = ths.find((th) => th.dataset.column === sortBy);
    if (active) active.classList.add(sortDir > 0 ? "asc" : "desc");
    current = rows;
    const shown = rows.slice(0, TABLE_ROWS);
    tbody.replaceChildren(
      ...shown.map((i) => {
        const point = page.points[i];
        const link = pointLink(i);
        const first = link ? el("a", { href: link, text: String(point), title: "open this point's report" }) : el("span", { text: String(point), title: `no page: ${commandFor(point)}` });
        return el(
          "tr",
          { class: state.front.has(i) ? "front" : "", "data-point": String(point) },
          el("td", { class: "num" }, first),
          el("td", { text: state.front.has(i) ? "●" : "" }),
          columns.map((c) => el("td", { class: c.type === "text" ? "" : "num", text: show(c, value(c.name, i)) }))
        );
      })
    );
    const how = conds ? " (conditions)" : q ? " (text)" : "";
    count.textContent = `${rows.length} of ${n} points${how}${rows.length > shown.length ? `; the first ${shown.length} shown, filter or sort for the others` : ""}`;
  }
  const changed = () => {
    state.filter = filter.value;
    state.onlyFront = onlyFront.checked;
    render();
    onChange();
  };
  filter.addEventListener("input", changed);
  onlyFront.addEventListener("change", changed);
  render();
  const element = el(
    "div",
    {},
    el("div", { class: "controls wrap" }, filter, el("label", { for: "only-front" }, onlyFront, " only the front"), count),
    el("div", { class: "table-wrap tall" }, el("table", { class: "points" }, el("thead", {}, el("tr", {}, ths)), tbody))
  );
  const setFilter = (text, front) => {
    filter.value = text;
    onlyFront.checked = front;
    render();
  };
  return { element, render, rows: () => current, setFilter };
}
