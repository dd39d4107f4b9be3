// Figures more than one page draws: power beside the baselines, link survival.
import { axis, chart, fmt, palette } from "./charts.js";
import { card, plot, table } from "./dom.js";

// The design's power per block (stacked) beside the paper's laser/DSP reference breakdown and
// every catalog baseline (their totals: the catalog has no breakdown).
export function powerCard(power, comparison) {
  const area = plot("plot tall");
  const rows = comparison.rows.filter((r) => !r.is_design);
  const design = comparison.rows.find((r) => r.is_design);
  const names = [...rows.map((r) => (r.reaches ? r.name : `${r.name} (cannot reach)`))];
  const hasBlocks = power && power.blocks;
  if (hasBlocks) names.push("laser/DSP reference (paper)");
  names.push(design ? design.name : "this design");
  const n = names.length;
  const series = [];
  if (hasBlocks) {
    const blockNames = [...new Set([...power.blocks.map((b) => b.name), ...power.reference.blocks.map((b) => b.name)])];
    blockNames.forEach((name, k) => {
      const data = new Array(n).fill(null);
      const mine = power.blocks.find((b) => b.name === name);
      const ref = power.reference.blocks.find((b) => b.name === name);
      if (mine) data[n - 1] = mine.w;
      if (ref) data[n - 2] = ref.w;
      series.push({ type: "bar", name, stack: "w", data, itemStyle: { color: palette.blocks[k % palette.blocks.length] }, barWidth: "62%" });
    });
  } else if (design) {
    const data = new Array(n).fill(null);
    data[n - 1] = design.w_per_end;
    series.push({ type: "bar", name: "this design", stack: "w", data, itemStyle: { color: palette.accent } });
  }
  const totals = new Array(n).fill(null);
  rows.forEach((r, i) => (totals[i] = { value: r.w_per_end, itemStyle: { color: r.reaches ? "#9fb3c8" : "#e4e7eb", borderColor: r.reaches ? "transparent" : "#9fb3c8" } }));
  series.push({ type: "bar", name: "baseline (catalog total)", stack: "w", data: totals, itemStyle: { color: "#9fb3c8" }, label: { show: true, position: "right", formatter: (p) => (p.value ? `${fmt(p.value)} W` : ""), color: palette.muted, fontSize: 11 } });
  chart("power", area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, valueFormatter: (v) => (v === null || v === undefined ? "–" : `${fmt(v)} W`) },
    legend: { top: 0, itemWidth: 14, itemHeight: 10, textStyle: { fontSize: 11 } },
    grid: { left: 8, right: 56, top: 72, bottom: 40, containLabel: true },
    xAxis: axis("W per end", { type: "value" }),
    yAxis: { type: "category", data: names, axisLabel: { color: palette.ink, fontSize: 11, width: 230, overflow: "truncate" }, axisTick: { show: false } },
    series,
  });
  return card(
    "Power per end beside the baselines",
    `At ${fmt(comparison.cable_m)} m, ${fmt(comparison.rate_gbps)}G class. The design and the laser/DSP reference by block; catalog baselines as totals (pale: cannot span the cable). Sources in ${(comparison.catalog || "the baseline catalog").split("/").pop()}.`,
    area
  );
}

export function survivalCard(survival, rel) {
  const area = plot();
  const data = survival.years.map((y, i) => [y, survival.reliability[i]]);
  chart("survival", area, {
    tooltip: { trigger: "axis", formatter: (ps) => `${fmt(ps[0].data[0])} years: R = ${ps[0].data[1].toFixed(6)}` },
    xAxis: axis("years in service", { type: "value", max: survival.service_life_years }),
    yAxis: axis("link survival R(t)", { type: "value", min: (v) => Math.max(0, v.min - 0.25 * (1 - v.min)), max: 1, nameGap: 56, axisLabel: { color: palette.muted, showMinLabel: false, formatter: (v) => v.toPrecision(6).replace(/0+$/, "").replace(/\.$/, "") } }),
    grid: { left: 72, right: 24, top: 24, bottom: 52 },
    series: [{ type: "line", name: "R(t)", data, symbol: "none", lineStyle: { color: palette.spare, width: 2 }, areaStyle: { color: "rgba(46,133,64,0.08)" } }],
  });
  const sub = rel
    ? `Closed form: link FIT ${fmt(rel.link_fit)}, AFR ${fmt(100 * rel.afr)} %, MTTF ${rel.mttf_h ? fmt(rel.mttf_h / 8760) + " years" : "never"}, P(failure over life) ${fmt(rel.failure_probability_over_life)}; spares ${rel.spare_channels}.`
    : "Closed form over the service life.";
  return card("Reliability over the service life", sub, area);
}

export function assumptionsCard(list) {
  if (!list || !list.length) return null;
  const ul = document.createElement("ul");
  ul.className = "assumptions";
  for (const a of list) {
    const li = document.createElement("li");
    li.textContent = a;
    ul.append(li);
  }
  return card("Assumptions", "Every modelling simplification this run rests on.", ul);
}

export { table };

// Failures per year of a fleet Monte Carlo, with their intervals, and outages.
export function fleetCard(f, name) {
  const area = plot();
  const years = f.per_year.map((y) => y.year);
  chart(name, area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    xAxis: axis("year", { type: "category", data: years }),
    yAxis: axis("failures per year", { type: "value", nameGap: 44 }),
    grid: { left: 72, right: 24, top: 36, bottom: 52 },
    series: [
      { type: "bar", name: "failures", data: f.per_year.map((y) => y.failures), itemStyle: { color: palette.accent }, barWidth: "55%" },
      {
        type: "custom",
        name: `${Math.round(100 * f.confidence)} % interval`,
        itemStyle: { color: palette.ink },
        encode: { x: 0, y: [1, 2] },
        data: f.per_year.map((y, i) => [i, y.failures_ci[0], y.failures_ci[1]]),
        renderItem(params, api) {
          const lo = api.coord([api.value(0), api.value(1)]);
          const hi = api.coord([api.value(0), api.value(2)]);
          const w = api.size([1, 0])[0] * 0.12;
          const style = { stroke: palette.ink, lineWidth: 1.5 };
          return {
            type: "group",
            children: [
              { type: "line", shape: { x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1] }, style },
              { type: "line", shape: { x1: lo[0] - w, y1: lo[1], x2: lo[0] + w, y2: lo[1] }, style },
              { type: "line", shape: { x1: hi[0] - w, y1: hi[1], x2: hi[0] + w, y2: hi[1] }, style },
            ],
          };
        },
      },
      { type: "line", name: "outages", data: f.per_year.map((y) => y.outages), itemStyle: { color: palette.limit } },
    ],
  });
  const ci = Math.round(100 * f.confidence);
  return card(
    "Fleet: failures per year",
    `Monte Carlo of ${fmt(f.links)} links over ${fmt(f.years)} years, failed links replaced after the repair time: ${fmt(f.failures)} failures, ${fmt(f.outages)} outages, FIT per link ${fmt(f.fleet_fit)} [${fmt(f.fleet_fit_ci[0])}, ${fmt(f.fleet_fit_ci[1])}], time between failures ${f.mtbf_h ? fmt(f.mtbf_h) + " h" : "never"}; error bars: ${ci} % intervals.`,
    area
  );
}
