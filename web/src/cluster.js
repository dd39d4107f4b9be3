// The page of `mosaic cluster`: where the cables run and what they are made of, kW per rack,
// failures, goodput and collectives per technology choice. Draws the record; computes nothing.
import { axis, chart, fmt, palette } from "./charts.js";
import { designCard } from "./design.js";
import { card, el, plot, table, tiles } from "./dom.js";

const MEDIUM_COLOURS = { copper: ["#b44d12", "#f0b429", "#e66a6a"], optical: ["#7b3fc4", "#2d3a8c", "#c65d7b", "#40c3f7", "#9aa5b1", "#3ebd93"], mosaic: ["#0b6bcb"] };

// One colour per technology, by medium: copper warm, laser optics purple to grey, MOSAIC blue.
function colours(technologies) {
  const used = { copper: 0, optical: 0, mosaic: 0 };
  const out = {};
  for (const t of technologies) {
    const list = MEDIUM_COLOURS[t.medium] || MEDIUM_COLOURS.optical;
    out[t.id] = list[used[t.medium]++ % list.length];
  }
  return out;
}

// Counts exactly (fmt keeps three digits: 10,368 cables are not 10,400).
function count(v) {
  return typeof v === "number" ? v.toLocaleString("en-US") : String(v);
}

function hours(h) {
  if (typeof h !== "number") return String(h);
  if (h < 1) return `${fmt(h * 60)} min`;
  if (h < 48) return `${fmt(h)} h`;
  if (h < 2 * 8760) return `${fmt(h / 24)} d`;
  return `${fmt(h / 8760)} y`;
}

function seconds(s) {
  if (typeof s !== "number") return String(s);
  if (s < 1e-3) return `${fmt(s * 1e6)} µs`;
  if (s < 1) return `${fmt(s * 1e3)} ms`;
  return `${fmt(s)} s`;
}

function bytes(b) {
  if (b >= 1e9) return `${fmt(b / 1e9)} GB`;
  if (b >= 1e6) return `${fmt(b / 1e6)} MB`;
  return `${fmt(b / 1e3)} kB`;
}

function histogramCard(r, colour) {
  const h = r.cables.histogram;
  const bins = h.counts.length ? h.counts[0].length : 0;
  const labels = Array.from({ length: bins }, (_, i) => fmt(i * h.bin_m, 4));
  const series = h.technologies
    .map((id, k) => ({ id, data: h.counts[k] }))
    .filter((s) => s.data.some((v) => v > 0))
    .map((s) => ({ type: "bar", name: s.id, stack: "cables", data: s.data.map((v) => v || null), itemStyle: { color: colour[s.id] }, barCategoryGap: "8%" }));
  const reach = r.technologies.filter((t) => t.allowed).map((t) => ({ xAxis: fmt(Math.floor(t.reach_m / h.bin_m) * h.bin_m, 4), label: { formatter: `${t.id} ${fmt(t.reach_m)} m`, color: palette.muted, fontSize: 10 } })).filter((m) => labels.includes(m.xAxis));
  if (series.length) series[0].markLine = { silent: true, symbol: "none", lineStyle: { color: palette.limit, type: "dashed" }, data: reach };
  const area = plot("plot tall");
  chart("cable_lengths", area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, formatter: (ps) => `${ps[0].axisValue}–${fmt(Number(ps[0].axisValue) + h.bin_m, 4)} m<br>` + ps.map((p) => `${p.marker}${p.seriesName}: ${fmt(p.value)}`).join("<br>") },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 36, bottom: 52 },
    xAxis: axis("cable length (m, bin start)", { type: "category", data: labels }),
    yAxis: axis("cables", { type: "value", nameGap: 52 }),
    series,
  });
  return card("Cable lengths by technology", `${count(r.cables.total)} cables of both fabrics in ${fmt(h.bin_m)} m bins, coloured by the technology each gets; dashed: the reach of each allowed technology.`, area);
}

function rackPowerCard(r) {
  const p = r.specified.power;
  const racks = p.racks;
  const area = plot("plot tall");
  chart("rack_power", area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, formatter: (ps) => { const x = racks[ps[0].dataIndex]; return `rack ${x.rack} (${x.kind}, row ${x.row}, slot ${x.slot})<br>IT ${fmt(x.it_kw)} kW + interconnect ${fmt(x.interconnect_kw)} kW = ${fmt(x.total_kw)} kW<br>${x.module_ends} module ends, ${x.fits ? "fits" : "over the limit"}`; } },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 36, bottom: 52 },
    xAxis: axis("rack", { type: "category", data: racks.map((x) => `${x.rack}`) }),
    yAxis: axis("kW", { type: "value", nameGap: 48 }),
    series: [
      { type: "bar", name: "IT (GPUs, switches)", stack: "kw", data: racks.map((x) => x.it_kw), itemStyle: { color: "#9fb3c8" }, large: racks.length > 500 },
      {
        type: "bar",
        name: "interconnect (cable ends)",
        stack: "kw",
        data: racks.map((x) => ({ value: x.interconnect_kw, itemStyle: { color: x.fits ? palette.accent : palette.limit } })),
        markLine: { silent: true, symbol: "none", lineStyle: { color: palette.limit, type: "dashed" }, label: { formatter: `limit ${fmt(p.rack_limit_kw)} kW`, color: palette.limit }, data: [{ yAxis: p.rack_limit_kw }] },
      },
    ],
  });
  return card("Power per rack", `${fmt(p.total_kw)} kW in all, ${fmt(100 * p.interconnect_share)} % of it in cable ends; ${p.racks_over_limit} of ${racks.length} racks over the ${fmt(p.rack_limit_kw)} kW limit of power and cooling (red).`, area);
}

function choicesCard(r) {
  const choices = r.choices;
  const area = plot();
  chart("choice_goodput", area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    grid: { left: 72, right: 72, top: 36, bottom: 52 },
    xAxis: axis("technology choice", { type: "category", data: choices.map((c) => c.name) }),
    yAxis: [axis("goodput (%)", { type: "value", scale: true, nameGap: 48 }), axis("kW", { type: "value", position: "right", nameGap: 52, splitLine: { show: false } })],
    series: [
      { type: "bar", name: "goodput", data: choices.map((c) => 100 * c.goodput.goodput), itemStyle: { color: palette.spare }, label: { show: true, position: "top", formatter: (p) => `${fmt(p.value, 4)} %`, fontSize: 10 } },
      { type: "line", name: "total kW", yAxisIndex: 1, data: choices.map((c) => c.power.total_kw), itemStyle: { color: palette.accent } },
    ],
  });
  const rows = choices.map((c) => {
    const m = c.collectives.messages;
    const ar = (times) => Math.min(...times.filter((t) => t.collective === "all_reduce").map((t) => t.time_s));
    return [
      c.name,
      { text: fmt(c.power.total_kw, 5), sort: c.power.total_kw },
      { text: fmt(c.power.interconnect_kw), sort: c.power.interconnect_kw },
      { text: count(c.power.modules), sort: c.power.modules },
      { text: fmt(c.failures.failures_per_day), sort: c.failures.failures_per_day },
      { text: hours(c.failures.job_mtbf_h), sort: typeof c.failures.job_mtbf_h === "number" ? c.failures.job_mtbf_h : Infinity },
      { text: `${fmt(100 * c.goodput.goodput, 4)} %`, sort: c.goodput.goodput },
      { text: seconds(ar(m[0].times)), sort: ar(m[0].times) },
      { text: seconds(m[m.length - 1].mix_s), sort: m[m.length - 1].mix_s },
      { text: count(c.fallback_cables), sort: c.fallback_cables },
    ];
  });
  return card(
    "Technology choices side by side",
    "Each choice puts every cable on its technology where it reaches (copper where cheaper), the cluster's own set elsewhere (fallback). Goodput: the job under every interruption cause with Daly's checkpoint interval.",
    area,
    table(["choice", "total kW", "links kW", "module ends", "link failures/day", "job MTBF", "goodput", `all-reduce ${bytes(r.specified.collectives.messages[0].bytes)}`, "mix, largest", "fallback cables"], rows, { sortable: true })
  );
}

function tiersCard(r) {
  return card(
    "Cables per fabric tier",
    `Cross-rack cables between neighbours, and within passive copper's ${fmt(r.cables.copper_reach_m)} m: the only ones copper could serve.`,
    table(
      ["fabric", "tier", "cables", "min m", "mean m", "max m", "cross-rack", "neighbours", "within copper reach", "technologies"],
      r.cables.tiers.map((t) => [t.fabric, String(t.tier), count(t.cables), fmt(t.min_m), fmt(t.mean_m), fmt(t.max_m), count(t.cross_rack), count(t.adjacent), count(t.cross_rack_copper_reach), Object.entries(t.per_technology).map(([k, v]) => `${k} ${count(v)}`).join(", ")])
    )
  );
}

function technologiesCard(r) {
  return card(
    "Technologies",
    "Catalog figures (sources on hover) and MOSAIC's from its design; the time between link failures if every cable were that technology.",
    table(
      ["technology", "allowed", "reach (m)", "W per end", "link FIT", "latency (ns)", "if every cable"],
      r.technologies.map((t) => [{ text: t.name, title: t.source }, t.allowed ? "yes" : "compared", fmt(t.reach_m), fmt(t.w_per_end), fmt(t.link_fit), fmt(t.latency_ns), hours(t.mtbf_if_all_h)])
    )
  );
}

function collectivesCard(r) {
  const c = r.specified.collectives;
  const rows = [];
  for (const m of c.messages) for (const t of m.times) rows.push([bytes(m.bytes), t.collective, t.algorithm, { text: seconds(t.time_s), sort: t.time_s }, { text: fmt(t.busbw_gbs), sort: t.busbw_gbs }]);
  const scaling = r.domain_scaling.map((d) => [String(d.domain), seconds(d.mix_s), ...d.fastest.map((f) => `${seconds(f.time_s)} (${f.algorithm})`)]);
  return card(
    "Collectives",
    `${count(c.ranks)} ranks over domains of ${c.domain}: ${fmt(c.up.bandwidth_gbs)} GB/s and ${fmt(c.up.latency_us)} µs per step inside a domain, ${fmt(c.out.bandwidth_gbs)} GB/s and ${fmt(c.out.latency_us)} µs across (alpha-beta, no congestion; bus bandwidth as nccl-tests).`,
    table(["message", "collective", "algorithm", "time", "bus GB/s"], rows, { sortable: true }),
    el("p", { class: "sub", text: "What the scale-up domain's size does at the largest message (fastest algorithm of each collective):" }),
    table(["domain GPUs", "mix", "all-reduce", "reduce-scatter", "all-gather", "all-to-all"], scaling)
  );
}

export function clusterPage(page, root) {
  const r = page.report;
  if (r.infeasible) {
    root.append(card("Infeasible cluster", r.infeasible));
    return;
  }
  const sp = r.specified;
  const colour = colours(r.technologies);
  root.append(
    tiles([
      ["GPUs", count(r.counts.gpus)],
      ["racks", count(r.counts.racks)],
      ["cables", count(r.cables.total)],
      ["module ends", count(sp.power.modules)],
      ["total power", `${fmt(sp.power.total_kw, 4)} kW`],
      ["racks over limit", String(sp.power.racks_over_limit), sp.power.racks_over_limit ? "bad" : "good"],
      ["a link failure every", hours(sp.failures.mtbf_h)],
      ["job interrupted every", hours(sp.failures.job_mtbf_h)],
      ["goodput", `${fmt(100 * sp.goodput.goodput, 4)} %`],
      ["MOSAIC reach", r.mosaic.reach_searched ? `${fmt(r.mosaic.reach_m)} m` : "not searched"],
      ["fleet saving", `${fmt(r.fleet_savings.saved_mw)} MW`],
    ])
  );
  const grid = el("div", { class: "grid" });
  root.append(grid);
  grid.append(histogramCard(r, colour), rackPowerCard(r), choicesCard(r), tiersCard(r), technologiesCard(r), collectivesCard(r));
  const s = r.fleet_savings;
  grid.append(
    card(
      "Fleet-wide saving",
      `${count(s.cables_per_year)} cables a year × (${fmt(s.baseline_w_per_end)} W − ${fmt(s.mosaic_w_per_end)} W per end, ${s.baseline} → MOSAIC) × 2 ends = ${fmt(s.saved_mw)} MW, the electricity of ${count(Math.round(s.homes))} homes at ${fmt(s.home_kwh_per_year, 5)} kWh a year each (fleet.home_kwh_per_year: US 10,715, UK 2,700).`
    )
  );
  const f = r.fleet;
  grid.append(card("Fleet Monte Carlo over the service life", `${fmt(f.years)} years, seed ${f.seed}: ${count(f.failures)} link failures [${fmt(f.failures_ci[0])}, ${fmt(f.failures_ci[1])}] (closed form ${fmt(f.expected_failures)}), one every ${hours(f.mtbf_h)}; repairs after ${fmt(f.mttr_h)} h.`));
  const keys = designCard(page.cluster_keys, r.cluster, { title: "Cluster", reference: "nvl72-copper" });
  if (keys) root.append(el("div", { class: "grid wide" }, keys));
}
