// Browser checks of a simulate page's eyes: the statistical eye's contours (KP4 among them), its
// openings at KP4 and 1e-12 as the record states them and the mask; the jitter budget's table and
// bars; the bathtubs (the worst few or one channel when the record holds every channel's, the KP4
// and 1e-12 lines always); the Monte Carlo eye's bins, colours and time axis. A record without
// these figures gets its eye without them and no card for the rest.
const KP4 = Math.log10(2.4e-4);

export async function checkEyes(page, name, state, check) {
  const s = await page.evaluate(() => {
    const m = window.__mosaic;
    const data = JSON.parse(document.getElementById("mosaic-data").textContent);
    const eye = data.stat_eye || null;
    const option = m.charts.stat_eye ? m.charts.stat_eye.getOption() : null;
    const series = option ? option.series.map((x) => ({ name: x.name, type: x.type, data: x.data })) : [];
    const jb = m.charts.jitter_budget ? m.charts.jitter_budget.getOption().series.map((x) => ({ name: x.name, data: x.data })) : null;
    const jrows = [...document.querySelectorAll(".jitter-budget tbody tr")].map((tr) => [...tr.children].map((td) => td.textContent));
    const cards = [...document.querySelectorAll("section.card h2")].map((h) => h.textContent);
    return { eye, series, jb, jrows, cards };
  });
  const named = (n) => s.series.find((x) => x.name === n);
  check(!!named("BER 2.4e-4 (KP4)") && !!named("BER 1e-12"), `${name}: statistical eye has its KP4 and 1e-12 contours`);
  const o = s.eye && s.eye.eye_opening;
  if (!o) {
    // An older record: no annotations, no jitter budget card, nothing broken.
    check(!s.series.some((x) => /eye opening|eye mask/.test(x.name)), `${name}: no annotations without the record's openings`);
    check(s.jb === null && !s.cards.includes("Jitter budget"), `${name}: no jitter budget card without the record's budget`);
    return;
  }
  for (const [tag, key] of [
    ["KP4", "kp4"],
    ["1e-12", "ber_1e12"],
  ]) {
    const a = named(`eye opening at ${tag}`);
    const x = o[key];
    const arrows = a ? a.data : [];
    const wide = arrows.find((d) => d[1] === d[3]);
    const tall = arrows.find((d) => d[0] === d[2]);
    const expected = (x.width_ui > 0 ? 1 : 0) + (x.height_ua > 0 ? 1 : 0);
    check(!!a && arrows.length === expected, `${name}: ${tag} opening drawn as ${expected} arrows (${arrows.length})`);
    if (x.width_ui > 0)
      check(!!wide && wide[0] === x.left_ui && wide[2] === x.right_ui && wide[1] === s.eye.decision_threshold_ua, `${name}: ${tag} width arrow spans the record's edges (${x.left_ui.toFixed(3)} to ${x.right_ui.toFixed(3)} UI)`);
    if (x.height_ua > 0)
      check(!!tall && tall[1] === x.low_ua && tall[3] === x.high_ua && tall[0] === s.eye.sampling_phase_ui, `${name}: ${tag} height arrow spans the record's edges (${x.height_ua.toFixed(2)} µA)`);
    if (x.width_ui > 0) check(String(wide[6]) === `${tag} ${Number(x.width_ui.toPrecision(3))} UI`, `${name}: ${tag} width labelled ("${wide[6]}")`);
  }
  if (o.kp4.width_ui > 0) check(named("BER 2.4e-4 (KP4)").data.length > 4, `${name}: the KP4 contour is drawn`);
  const m = s.eye.eye_mask;
  const mask = s.series.find((x) => x.name.startsWith("eye mask"));
  check(!!mask && mask.name === `eye mask (${m.pass ? "pass" : "fail"})` && mask.data[0].length === 12, `${name}: mask drawn with its verdict (${mask ? mask.name : "none"}, margin ${m.margin_percent.toFixed(1)} %)`);
  check(!!mask && mask.data[0].every((v, i) => v === m.vertices[Math.floor(i / 2)][i % 2]), `${name}: mask corners are the record's`);
  check(m.pass === m.margin_percent >= 0, `${name}: mask verdict and margin agree`);
  // The jitter budget: every term in a row, the bars at KP4 and 1e-12, the statistical eye's TJ.
  const b = s.eye.jitter_budget;
  check(s.jrows.length === 11 && s.jrows[0][0].startsWith("random jitter") && s.jrows[0][2] === String(Number((b.rj_rms_ui * b.ui_ps).toPrecision(3))), `${name}: jitter budget table lists its terms (${s.jrows.length}; RJ ${s.jrows[0] ? s.jrows[0][2] : "?"} ps)`);
  const bars = s.jb ? s.jb.map((x) => x.name) : [];
  check(["ISI DJ", "crosstalk DJ", "RJ (2 Q × rms)", "left open", "TJ, statistical eye"].every((n) => bars.includes(n)), `${name}: jitter budget bars (${bars.join(", ")})`);
  const tj = s.jb ? s.jb.find((x) => x.name === "TJ, statistical eye") : null;
  check(!!tj && tj.data[1][0] === b.tj_stat_eye_1e12_ui && tj.data[0][0] === b.tj_stat_eye_kp4_ui, `${name}: statistical eye's TJ marked (${b.tj_stat_eye_1e12_ui.toFixed(3)} UI at 1e-12)`);
  if (typeof b.dj_total_pp_ui === "number") {
    const rj = s.jb.find((x) => x.name === "RJ (2 Q × rms)").data;
    check(Math.abs(rj[1] - 2 * b.q_1e12 * b.rj_rms_ui) < 1e-12 && Math.abs(b.tj_dual_dirac_1e12_ui - b.dj_total_pp_ui - rj[1]) < 1e-9, `${name}: dual-Dirac TJ = DJ + 2 Q RJ at 1e-12`);
  }

  await checkBathtubs(page, name, check);
  if (state.charts.some((c) => c.startsWith("mc_eye_"))) await checkMcEye(page, name, check);
}

async function checkBathtubs(page, name, check) {
  const lines = (which) =>
    page.evaluate((w) => {
      const o = window.__mosaic.charts[`bathtub_${w}`].getOption();
      const ml = o.series[0].markLine;
      return { names: o.series.map((x) => x.name), lines: ml ? ml.data.map((d) => d.yAxis) : [] };
    }, which);
  const all = await page.evaluate(() => JSON.parse(document.getElementById("mosaic-data").textContent).report.channels.filter((c) => c.bathtub_phase).length);
  for (const which of ["phase", "threshold"]) {
    const shown = await lines(which);
    check(shown.lines.some((y) => Math.abs(y - KP4) < 1e-12) && shown.lines.includes(-12), `${name}: ${which} bathtub has the KP4 and 1e-12 lines`);
    const select = page.locator(`select[aria-label="bathtub ${which} channels"]`);
    if (!all) {
      check((await select.count()) === 0 && shown.names.length === 1, `${name}: ${which} bathtub of the worst channel only (the record has no other)`);
      continue;
    }
    check((await select.count()) === 1 && shown.names.length === 5, `${name}: ${which} bathtubs of the worst 5 active channels overlaid (${shown.names.join(", ")})`);
    const options = await select.locator("option").count();
    check(options >= all, `${name}: ${which} bathtub selector offers every live channel (${options})`);
    const pick = await select.locator("option").nth(options - 1).getAttribute("value");
    await select.selectOption(pick);
    await page.waitForFunction(() => document.body.dataset.ready === "1");
    const one = await lines(which);
    check(one.names.length === 1 && one.names[0].startsWith(`channel ${pick.slice(3)} `) && one.lines.length === 2, `${name}: ${which} bathtub of one chosen channel (${one.names[0]})`);
  }
}

async function checkMcEye(page, name, check) {
  const e = await page.evaluate(() => {
    const m = window.__mosaic;
    const report = JSON.parse(document.getElementById("mosaic-data").textContent).report;
    const eye = report.monte_carlo.eyes[0];
    const o = m.charts[`mc_eye_${eye.channel}`].getOption();
    return { eye, axis: o.xAxis[0].name, colours: o.visualMap[0].inRange.color, cells: o.series[0].data.length };
  });
  const { eye } = e;
  check(eye.time_bins * eye.amplitude_bins >= 32 * 128, `${name}: Monte Carlo eye has ${eye.time_bins} x ${eye.amplitude_bins} bins`);
  check(e.cells === eye.counts.filter((n) => n > 0).length, `${name}: Monte Carlo eye draws only the bins with samples (${e.cells})`);
  // Light for few samples, dark for many: a sparsely crossed eye does not read as closed.
  const lum = (hex) => {
    const v = parseInt(hex.slice(1), 16);
    return 0.2126 * (v >> 16) + 0.7152 * ((v >> 8) & 255) + 0.0722 * (v & 255);
  };
  check(lum(e.colours[0]) > 180 && lum(e.colours[e.colours.length - 1]) < 80, `${name}: Monte Carlo eye colours run light to dark`);
  // The sampling instant is at 0: on the threshold's row the bins around 0 hold fewer samples than
  // those half a UI away (the crossings).
  const dt = (eye.time_stop_ui - eye.time_start_ui) / eye.time_bins;
  const row = Math.floor(((eye.threshold_ua - eye.amplitude_min_ua) / (eye.amplitude_max_ua - eye.amplitude_min_ua)) * eye.amplitude_bins);
  const at = (t) => {
    const b = Math.round((t - eye.time_start_ui) / dt - 0.5);
    let n = 0;
    for (const r of [row - 1, row, row + 1]) n += eye.counts[r * eye.time_bins + b];
    return n;
  };
  const centre = Math.abs(eye.time_start_ui + (Math.round((0 - eye.time_start_ui) / dt - 0.5) + 0.5) * dt);
  check(centre < 1e-9, `${name}: a Monte Carlo eye bin is centred on the sampling instant`);
  check(at(0) < at(0.5) && at(0) < at(-0.5), `${name}: the Monte Carlo eye is open at 0 (${at(0)} samples there, ${at(-0.5)} and ${at(0.5)} at the crossings)`);
  check(e.axis.includes("sampling instant"), `${name}: Monte Carlo eye's time axis is from the sampling instant`);
}
