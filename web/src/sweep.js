// The page of a sweep store (`mosaic report results.db`): a Pareto scatter over any two numeric
// columns, a sortable, filterable table of every point, and links to the points' own reports.
import { axis, base, chart, fmt, palette } from "./charts.js";
import { card, el, plot, tiles } from "./dom.js";

// Rows drawn in the table at once; filtering or sorting brings the others in.
const TABLE_ROWS = 1000;

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

export const encodePath = (path) => path.split("/").map(encodeURIComponent).join("/");

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

export function sweepPage(page, root) {
  const n = page.points.length;
  const cols = page.columns;
  const byName = Object.fromEntries(cols.map((c) => [c.name, c]));
  const value = (name, i) => (page.values[name] ? page.values[name][i] : (byName[name] || {}).value ?? null);
  const label = (c) => (c.unit ? `${c.name} (${c.unit})` : c.name);
  const show = (c, v) => {
    if (v === null || v === undefined) return "–";
    if (c.type === "text") return String(v);
    if (c.type === "integer") return String(v);
    return fmt(v, 5);
  };
  const varying = cols.filter((c) => page.values[c.name]);
  const numeric = varying.filter((c) => c.type !== "text" && page.values[c.name].some((v) => v !== null));
  // Swept keys first, then the other inputs that vary (a zipped or sampled sweep), then outputs.
  const inputs = [...varying.filter((c) => c.role === "input" && c.axis), ...varying.filter((c) => c.role === "input" && !c.axis)];
  const outputs = varying.filter((c) => c.role !== "input");
  const store = page.store;
  const pages = page.pages;
  const defaults = page.default_axes;

  const state = {
    x: defaults[0] ? defaults[0].column : numeric[0] && numeric[0].name,
    xMax: defaults[0] ? defaults[0].maximize : false,
    y: defaults[1] ? defaults[1].column : numeric[1] ? numeric[1].name : numeric[0] && numeric[0].name,
    yMax: defaults[1] ? defaults[1].maximize : false,
    colour: "",
    front: new Set(),
  };

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
  window.__mosaic.sweep = { frontPoints: (x, xMax, y, yMax) => frontRows(x, xMax, y, yMax).map((i) => page.points[i]), state };

  const meets = page.values["link.meets_kp4"] || (byName["link.meets_kp4"] ? new Array(n).fill(byName["link.meets_kp4"].value) : null);
  const meetCount = meets ? meets.filter((v) => v === 1).length : null;
  root.append(
    tiles([
      ["points stored", store.planned_points && store.planned_points !== n ? `${n} of ${store.planned_points}` : String(n)],
      ["swept keys", store.axes.length ? store.axes.join(", ") : "none"],
      ["meet KP4", meetCount === null ? "–" : `${meetCount} of ${n}`, meetCount === null ? "" : meetCount ? "good" : "bad"],
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
    if (pages.policy === "all") return `Every point has its own report page (in ${dir}): click a point on the scatter or its number in the table.`;
    const other = pages.command ? `For any other point: ${pages.command}` : "";
    if (pages.policy === "pareto")
      return `Only the ${pages.count} points on the Pareto front of the default axes (${defaults.map((d) => `${d.maximize ? "max" : "min"} ${d.column}`).join(", ")}) have their own page (in ${dir}; the store holds ${n} points). ${other}`;
    return `No point has its own page.${pages.command ? ` For any point: ${pages.command}` : ""}`;
  };

  // The scatter.
  const area = plot("plot tall");
  const tooltip = (i) => {
    const point = page.points[i];
    const lines = [`<b>point ${point}</b>${state.front.has(i) ? " · on the Pareto front of these axes" : ""}`];
    const list = (group) =>
      group
        .filter((c) => value(c.name, i) !== null)
        .map((c) => `${esc(c.name)} = <b>${esc(show(c, value(c.name, i)))}</b>${c.unit ? " " + esc(c.unit) : ""}`);
    const ins = list(inputs);
    if (ins.length) lines.push("<i>inputs</i>", ...ins);
    const outs = list(outputs);
    if (outs.length) lines.push("<i>outputs</i>", ...outs);
    lines.push(pointLink(i) ? "click to open its report" : `no page: ${esc(commandFor(point))}`);
    return lines.join("<br>");
  };
  const option = () => {
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
      grid: { left: 84, right: colour ? 120 : 32, top: 40, bottom: 58 },
      xAxis: axis(`${cx ? label(cx) : "–"} · ${state.xMax ? "higher" : "lower"} is better`, { type: "value", scale: true }),
      yAxis: axis(`${cy ? label(cy) : "–"} · ${state.yMax ? "higher" : "lower"} is better`, { type: "value", scale: true, nameGap: 60 }),
      visualMap: colour
        ? {
            type: "continuous",
            dimension: 3,
            seriesIndex: [0, 1],
            min: cmin,
            max: cmax > cmin ? cmax : cmin + 1,
            calculable: false,
            right: 0,
            top: "middle",
            itemHeight: 220,
            text: [fmt(cmax), fmt(cmin)],
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
  const pick = (name, current, onChange, { none = false } = {}) => {
    const s = el("select", { "aria-label": name }, none ? el("option", { value: "", text: "none" }) : null, numeric.map((c) => el("option", { value: c.name, text: label(c) })));
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
  const sub = el("p", { class: "sub" });
  const describe = () => {
    const missing = state.missing ? ` ${state.missing} point${state.missing === 1 ? "" : "s"} without a value on these axes ${state.missing === 1 ? "is" : "are"} not drawn.` : "";
    sub.textContent = `${n} points; ${state.front.size} on the Pareto front (no other point at least as good on both axes and better on one), outlined and joined by the dashed line.${missing} Hover a point for its inputs and outputs; click it to open its report.`;
  };
  let table = null;
  const redraw = () => {
    updateFront();
    const c = window.__mosaic.charts.pareto;
    if (c) c.setOption({ ...base, ...option() }, { notMerge: true });
    describe();
    if (table) table.render();
  };
  const controls = el(
    "div",
    { class: "controls wrap" },
    el("label", { text: "x " }, pick("x axis", state.x, (v) => ((state.x = v), redraw())), " ", direction("x direction", state.xMax, (m) => ((state.xMax = m), redraw()))),
    el("label", { text: "y " }, pick("y axis", state.y, (v) => ((state.y = v), redraw())), " ", direction("y direction", state.yMax, (m) => ((state.yMax = m), redraw()))),
    el("label", { text: "colour by " }, pick("colour by", "", (v) => ((state.colour = v), redraw()), { none: true }))
  );
  if (numeric.length && state.x && state.y) {
    chart("pareto", area, option, (c) =>
      c.on("click", (p) => {
        if (p.seriesName === "front line" || !p.data) return;
        const link = pointLink(p.data[2]);
        if (link) window.location.href = link;
      })
    );
    describe();
    root.append(el("div", { class: "grid wide" }, el("section", { class: "card" }, el("h2", { text: "Pareto scatter" }), sub, controls, area)));
  } else {
    root.append(card("Pareto scatter", "The store has no numeric column with values to draw."));
  }

  table = pointsTable({ page, n, inputs, outputs, value, label, show, state, pointLink, commandFor });
  root.append(el("div", { class: "grid wide" }, card("Points", pagesNote(), table.element)));

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
              fixed.map((c) => el("tr", {}, el("td", { class: "key", text: c.name }), el("td", { class: "num", text: show(c, c.value) }), el("td", { text: c.unit }), el("td", { class: "doc", text: c.doc })))
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
function pointsTable({ page, n, inputs, outputs, value, label, show, state, pointLink, commandFor }) {
  const columns = [...inputs, ...outputs];
  let sortBy = null; // a column name, "point" or "front"
  let sortDir = 1;
  const tbody = el("tbody");
  const count = el("span", { class: "count" });
  const filter = el("input", { type: "search", class: "wide", placeholder: "filter: text, or power.per_end_w < 5 and link.meets_kp4 = 1", "aria-label": "filter points" });
  const onlyFront = el("input", { type: "checkbox", id: "only-front" });
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
  filter.addEventListener("input", render);
  onlyFront.addEventListener("change", render);
  render();
  const element = el(
    "div",
    {},
    el("div", { class: "controls wrap" }, filter, el("label", { for: "only-front" }, onlyFront, " only the front"), count),
    el("div", { class: "table-wrap tall" }, el("table", { class: "points" }, el("thead", {}, el("tr", {}, ths)), tbody))
  );
  return { element, render };
}
