// The pages of `mosaic relay`, `mosaic compare` and `mosaic fleet`.
import { axis, chart, fmt, palette } from "./charts.js";
import { card, el, plot, table, tiles } from "./dom.js";
import { channelCountersCard, fecHistogramCard, timelineCard } from "./session.js";
import { fleetCard, powerCard, survivalCard } from "./shared.js";

export function relayPage(page, root) {
  const r = page.report;
  root.append(
    tiles([
      ["bit-exact", r.bit_exact ? "yes" : "no", r.bit_exact ? "good" : "bad"],
      ["host bits in / out", `${fmt(r.bits_in)} / ${fmt(r.bits_out)}`],
      ["bit errors", String(r.bit_errors), r.bit_errors ? "bad" : "good"],
      ["ECC corrected bits", fmt(r.ecc_corrected_bits)],
      ["spare swaps", String(r.swap_count)],
      ["frame loss ratio", fmt(r.frame_loss_ratio), r.frame_loss_ratio > 0 ? "warn" : ""],
      ["link state", `${r.link_state} (worst ${r.worst_link_state})`],
    ])
  );
  const grid = el("div", { class: "grid" });
  root.append(grid);
  const fecArea = plot();
  const outcomes = [
    ["clean", r.fec_codewords_clean, palette.spare],
    ["corrected", r.fec_codewords_corrected, palette.accent],
    ["uncorrectable", r.fec_codewords_uncorrectable, palette.warn],
    ["miscorrected", r.fec_codewords_miscorrected, palette.limit],
    ["link flagged", r.fec_codewords_link_flagged, palette.ecc],
  ];
  chart("fec_outcomes", fecArea, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    grid: { left: 110, right: 64, top: 16, bottom: 48 },
    xAxis: axis("codewords (log scale)", { type: "log", min: 1 }),
    yAxis: { type: "category", data: outcomes.map((o) => o[0]), axisTick: { show: false } },
    series: [{ type: "bar", data: outcomes.map((o) => ({ value: Math.max(o[1], 0) || null, itemStyle: { color: o[2] } })), label: { show: true, position: "right", formatter: (p) => fmt(p.value) }, barWidth: "55%" }],
  });
  grid.append(card("Host RS(544,514) codewords", `${fmt(r.fec_codewords)} codewords; analytic codeword error ratio ${fmt(r.analytic.codeword_error_ratio)}.`, fecArea));

  const evArea = plot();
  chart("relay_events", evArea, {
    tooltip: { trigger: "item", formatter: (p) => `${p.seriesName} at ${fmt(p.data[0])} s: lane/port ${p.data[1]}${p.data[2] !== undefined ? `, channel ${p.data[2]}` : ""}` },
    legend: { top: 0 },
    xAxis: axis("time (s)", { type: "value" }),
    yAxis: axis("lane / port", { type: "value", nameGap: 36 }),
    series: [
      { type: "scatter", name: "spare swap", data: r.swaps.map((s) => [s.time_s, s.lane, s.to_channel]), symbolSize: 10, itemStyle: { color: palette.accent } },
      { type: "scatter", name: "deskew lock", data: r.lock_events.map((s) => [s.time_s, s.port, s.channel]), symbolSize: 6, itemStyle: { color: palette.muted } },
    ],
  });
  grid.append(card("Link-layer events", `${r.swap_count} spare swaps and ${r.lock_events.length} deskew lock events over the run.`, evArea));
  for (const c of [timelineCard(r, "relay"), fecHistogramCard(r, "relay"), channelCountersCard(r, "relay")]) if (c) grid.append(c);
  if (r.swaps.length)
    grid.append(
      card(
        "Spare swaps",
        "",
        table(
          ["time (s)", "lane", "from channel", "to spare", "acknowledged"],
          r.swaps.map((s) => [fmt(s.time_s, 6), String(s.lane), String(s.from_channel), String(s.to_channel), s.acknowledged ? "yes" : "no"])
        )
      )
    );
}

export function comparePage(page, root) {
  const c = page.report;
  const design = c.rows.find((r) => r.is_design);
  root.append(
    tiles([
      ["cable", `${fmt(c.cable_m)} m`],
      ["rate class", `${fmt(c.rate_gbps)}G`],
      ["this design", `${fmt(design.w_per_end)} W per end`],
      ["link FIT", fmt(design.link_fit)],
      ["baselines that reach", String(c.rows.filter((r) => !r.is_design && r.reaches).length)],
    ])
  );
  const grid = el("div", { class: "grid" });
  root.append(grid);
  grid.append(powerCard(c.power, c));
  const scatterArea = plot();
  chart("compare_scatter", scatterArea, {
    tooltip: { trigger: "item", formatter: (p) => `<b>${p.data[2]}</b><br>${fmt(p.data[0])} pJ/bit, link FIT ${fmt(p.data[1])}` },
    xAxis: axis("energy (pJ/bit)", { type: "value", scale: true }),
    yAxis: axis("link FIT (log)", { type: "log", nameGap: 40 }),
    grid: { left: 64, right: 24, top: 24, bottom: 52 },
    series: [
      {
        type: "scatter",
        data: c.rows.filter((r) => r.link_fit > 0).map((r) => ({ value: [r.pj_per_bit, r.link_fit, r.name], itemStyle: { color: r.is_design ? palette.accent : r.reaches ? "#9fb3c8" : "#e4e7eb", borderColor: palette.muted } })),
        symbolSize: (v, p) => (p.data.itemStyle.color === palette.accent ? 16 : 11),
        label: { show: true, position: "right", formatter: (p) => p.data.value[2].split(" (")[0], fontSize: 10, color: palette.muted },
      },
    ],
  });
  grid.append(card("Energy and reliability", "Lower left is better; the design in blue.", scatterArea));
  grid.append(
    card(
      "All technologies",
      "Click a column to sort. Hover a row's source.",
      table(
        ["technology", "reach (m)", "reaches", "W/end", "pJ/bit", "link FIT", "latency (ns)", "design saves"],
        c.rows.map((r) => [
          { text: r.name, title: r.source },
          { text: fmt(r.reach_m), sort: r.reach_m },
          r.reaches ? "yes" : "NO",
          { text: fmt(r.w_per_end), sort: r.w_per_end },
          { text: fmt(r.pj_per_bit), sort: r.pj_per_bit },
          { text: fmt(r.link_fit), sort: r.link_fit },
          { text: fmt(r.latency_ns), sort: r.latency_ns },
          { text: r.is_design ? "–" : `${fmt(100 * r.design_power_saving)} %`, sort: r.design_power_saving },
        ]),
        { sortable: true, rowClass: (row) => (row[0].text === design.name ? "changed" : "") }
      )
    )
  );
}

export function fleetPage(page, root) {
  const f = page.report;
  const closed = f.closed_form;
  root.append(
    tiles([
      ["links × years", `${fmt(f.links)} × ${fmt(f.years)}`],
      ["failures", `${fmt(f.failures)} (${fmt(f.channel_failures)} out of spares)`],
      ["outages", fmt(f.outages)],
      ["fleet MTBF", f.mtbf_h ? `${fmt(f.mtbf_h)} h` : "never"],
      ["FIT per link", `${fmt(f.fleet_fit)} [${fmt(f.fleet_fit_ci[0])}, ${fmt(f.fleet_fit_ci[1])}]`],
      ["closed-form link FIT", closed ? fmt(closed.link_fit) : "–"],
    ])
  );
  const grid = el("div", { class: "grid" });
  root.append(grid);
  grid.append(fleetCard(f, "fleet_failures"));
  const years = f.per_year.map((y) => y.year);
  const mtbfArea = plot();
  chart("fleet_mtbf", mtbfArea, {
    tooltip: { trigger: "axis" },
    xAxis: axis("year", { type: "category", data: years }),
    yAxis: axis("fleet time between failures (h)", { type: "log", nameGap: 48 }),
    grid: { left: 72, right: 24, top: 24, bottom: 52 },
    series: [{ type: "line", name: "MTBF", data: f.per_year.map((y) => y.mtbf_h), itemStyle: { color: palette.spare } }],
  });
  grid.append(card("Fleet time between failures", "Hours between link failures anywhere in the fleet, per year.", mtbfArea));
  if (page.survival) grid.append(survivalCard(page.survival, closed));
}
