// The link session's figures, one vocabulary for `mosaic relay` and each direction of the cable:
// the timeline of link state and corrections per bin of marker periods, the host FEC's
// symbol-error histogram, and the per-channel counters.
import { axis, chart, fmt, palette } from "./charts.js";
import { card, plot } from "./dom.js";

const STATE_COLOUR = { up: palette.spare, degraded: palette.warn, down: palette.limit };

// Link state and the work of the ECC and the host FEC over the run, in link time (marker periods
// the link layer ran; the link came up at link_up_s). `note` says what link time is for a caller
// whose clock differs (the cable).
export function timelineCard(s, id, title = "Link timeline", note = "") {
  const t = s.timeline;
  if (!t || !t.start_s || !t.start_s.length) return null;
  const area = plot();
  const binS = t.periods_per_bin * t.period_s;
  const states = t.worst_link_state.map((state, i) => ({ value: [t.start_s[i], 1], itemStyle: { color: STATE_COLOUR[state] || palette.muted }, state, periods: t.periods[i], degraded: t.periods_degraded[i], down: t.periods_down[i] }));
  chart(`timeline_${id}`, area, {
    tooltip: {
      trigger: "axis",
      formatter: (ps) => {
        const i = ps[0].dataIndex;
        return `${fmt(t.start_s[i], 6)} s (+${fmt(binS * 1e6)} µs): worst state ${t.worst_link_state[i]}; ${t.periods_degraded[i]} degraded and ${t.periods_down[i]} down of ${t.periods[i]} periods; ECC corrected ${fmt(t.ecc_corrected_bits[i])} bits; host FEC lost ${t.codewords_lost[i]} codewords`;
      },
    },
    legend: { top: 0 },
    grid: [
      { left: 72, right: 72, top: 32, height: 18 },
      { left: 72, right: 72, top: 72, bottom: 48 },
    ],
    xAxis: [
      { type: "value", gridIndex: 0, min: t.start_s[0], max: t.start_s[t.start_s.length - 1] + binS, axisLabel: { show: false }, splitLine: { show: false } },
      axis("link time (s)", { gridIndex: 1, type: "value", min: t.start_s[0], max: t.start_s[t.start_s.length - 1] + binS }),
    ],
    yAxis: [
      { type: "value", gridIndex: 0, show: false, min: 0, max: 1 },
      axis("ECC corrected bits", { gridIndex: 1, type: "value", nameGap: 48 }),
      axis("codewords lost", { gridIndex: 1, type: "value", position: "right", nameGap: 40, minInterval: 1, splitLine: { show: false } }),
    ],
    series: [
      { type: "bar", name: "worst link state", xAxisIndex: 0, yAxisIndex: 0, data: states, barWidth: "100%", barCategoryGap: 0 },
      { type: "line", name: "ECC corrected bits", xAxisIndex: 1, yAxisIndex: 1, step: "start", symbol: "none", data: t.start_s.map((x, i) => [x, t.ecc_corrected_bits[i]]), itemStyle: { color: palette.accent } },
      { type: "line", name: "host FEC codewords lost", xAxisIndex: 1, yAxisIndex: 2, step: "start", symbol: "none", data: t.start_s.map((x, i) => [x, t.codewords_lost[i]]), itemStyle: { color: palette.limit } },
    ],
  });
  const counts = { up: 0, degraded: 0, down: 0 };
  for (const st of t.worst_link_state) counts[st] = (counts[st] || 0) + 1;
  return card(
    title,
    `${t.start_s.length} bins of ${t.periods_per_bin} marker periods (${fmt(binS * 1e6)} µs each); link up at ${fmt(s.link_up_s, 6)} s; the top band is each bin's worst state (green up, amber degraded, red down: ${counts.up} / ${counts.degraded} / ${counts.down} bins).${note ? " " + note : ""}`,
    area
  );
}

// Codewords by the number of symbol errors the host FEC found in them: bins 0..t as counted,
// and one bar for those beyond t (not correctable).
export function fecHistogramCard(s, id) {
  const h = s.fec_symbol_error_histogram;
  if (!h || !h.length || !s.fec_codewords) return null;
  const area = plot();
  const labels = [...h.map((_, k) => String(k)), `> ${s.host_fec_t}`];
  const values = [...h, s.fec_codewords_beyond_t];
  chart(`fec_histogram_${id}`, area, {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, formatter: (ps) => `${ps[0].name} symbol errors: ${fmt(values[ps[0].dataIndex])} codewords` },
    grid: { left: 72, right: 24, top: 16, bottom: 52 },
    xAxis: axis("symbol errors per codeword", { type: "category", data: labels }),
    yAxis: axis("codewords (log scale)", { type: "log", min: 1, nameGap: 48 }),
    series: [{ type: "bar", data: values.map((v, k) => ({ value: v > 0 ? v : null, itemStyle: { color: k > s.host_fec_t ? palette.limit : palette.accent } })), barWidth: "70%" }],
  });
  return card(`Host FEC (${s.host_fec}) symbol errors`, `${fmt(s.fec_codewords)} codewords, ${fmt(s.fec_codewords_corrected)} corrected, ${fmt(s.fec_codewords_uncorrectable)} uncorrectable; the FEC corrects up to t = ${s.host_fec_t} symbols.`, area);
}

// Per physical channel: the bits it carried and the errors corrected on it, coloured by role.
export function channelCountersCard(s, id) {
  const c = s.channel_counters;
  if (!c || !c.channel || !c.channel.length) return null;
  const area = plot();
  const roleColour = { lane: palette.data, spare: palette.spare, retired: palette.limit, mapped_out: palette.dead };
  const roles = [...new Set(c.role)];
  chart(`channel_counters_${id}`, area, {
    tooltip: {
      trigger: "item",
      formatter: (p) => {
        const i = p.data[0];
        return `channel ${i} (${c.role[i]}${c.lane[i] >= 0 ? `, lane ${c.lane[i]}` : ""}): ${fmt(c.bits_carried[i])} bits carried, ${fmt(c.bit_errors_injected[i])} errors injected, ${fmt(c.ecc_corrected_bits[i])} corrected by the ECC; swapped out ${c.swapped_out[i]}, in ${c.swapped_in[i]}`;
      },
    },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 32, bottom: 52 },
    xAxis: axis("physical channel", { type: "value", min: 0, max: c.channel.length - 1 }),
    yAxis: axis("bits carried", { type: "value", nameGap: 52 }),
    series: roles.map((role) => ({
      type: "bar",
      name: role,
      stack: "all",
      barWidth: 2,
      itemStyle: { color: roleColour[role] || palette.muted },
      data: c.channel.filter((i) => c.role[i] === role).map((i) => [i, c.bits_carried[i]]),
    })),
  });
  const retired = c.role.filter((r) => r === "retired").length;
  return card("Per-channel counters", `${c.channel.length} physical channels; ${retired} retired by a swap; hover a bar for its errors and swaps.`, area);
}
