// Browser test of the sweep-store page: a six-point sweep on the prototype preset (under a
// second), `mosaic report results.db`, then the sweep page and one linked point page in Chromium.
// Checks: charts rendered, no console error or request, one scatter mark per point and one table
// row per point, the page's Pareto front against the definition, sorting by a header, the
// condition filter, hover details, and that every link names a page that exists.
//   node test/sweep_page.mjs MOSAIC_BINARY ARTIFACTS_DIR   (report_pages.mjs also runs it)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, openReport } from "./browser.mjs";

const SWEEP = `[base]
preset = "prototype"

[[axis]]
key = "fiber.length_m"
values = [10, 20, 30]

[[axis]]
key = "channel.rate_gbps"
values = [1.3, 2.0]
`;

// The rows no other row beats on every key (all minimised), straight from the definition; of
// equal rows the lowest index stands for them.
function frontByDefinition(keys) {
  const beats = (a, b) => a.every((v, k) => v <= b[k]) && a.some((v, k) => v < b[k]);
  return keys
    .map((_, i) => i)
    .filter((i) => !keys.some((other, j) => beats(other, keys[i]) || (j < i && other.every((v, k) => v === keys[i][k]))));
}

async function scatterState(page) {
  return page.evaluate(() => {
    const m = window.__mosaic;
    const c = m.charts.pareto;
    let marks = 0;
    let items = 0;
    for (const name of ["points", "Pareto front"]) {
      const d = c.getModel().getSeriesByName(name)[0].getData();
      items += d.count();
      for (let i = 0; i < d.count(); i++) if (d.getItemGraphicEl(i)) marks++;
    }
    return { marks, items, pending: [...m.pending], charts: Object.keys(m.charts) };
  });
}

const tableOrder = (page) => page.$$eval("table.points tbody tr", (trs) => trs.map((tr) => Number(tr.dataset.point)));

export async function checkSweepPage(browser, mosaic, out, check) {
  const dir = join(out, "sweep");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const f = (name) => join(dir, name);
  writeFileSync(f("sweep.toml"), SWEEP);
  const t0 = Date.now();
  const run = (...args) => execFileSync(mosaic, args, { stdio: ["ignore", "pipe", "inherit"] });
  run("sweep", f("sweep.toml"), "--store", f("results.db"), "--threads", "2");
  run("report", f("results.db"), "-o", f("sweep.html"));
  console.log(`     sweep of 6 points and its pages generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const { page, problems, renderMs } = await openReport(browser, f("sweep.html"));
  check(problems.length === 0, `sweep.html: no console error or request${problems.length ? ": " + problems.join("; ") : ""}`);
  const data = await page.evaluate(() => JSON.parse(document.getElementById("mosaic-data").textContent));
  const n = data.points.length;
  check(n === 6, `sweep.html: the page holds the store's 6 points (${n})`);
  let state = await scatterState(page);
  check(state.charts.includes("pareto") && state.pending.length === 0, "sweep.html: the Pareto scatter finished rendering");
  check(state.items === n && state.marks === n, `sweep.html: scatter has one mark per point (${state.marks} marks, ${n} points)`);
  const rows = await page.locator("table.points tbody tr").count();
  check(rows === n, `sweep.html: table has one row per point (${rows})`);

  // The header names each swept axis with its values and unit, in sweep-file order.
  const swept = await page.$$eval("header .swept .axis", (spans) => spans.map((s) => s.textContent));
  const wantSwept = ["fiber.length_m: 10, 20, 30 m", "channel.rate_gbps: 1.3, 2 Gb/s"];
  check(swept.join(" | ") === wantSwept.join(" | "), `sweep.html: the header lists the swept values ("${swept.join(" | ")}")`);
  const command = await page.locator("header .command").innerText();
  check(command === `command: ${data.report.command}` && command.includes("mosaic report"), `sweep.html: the header names the command that drew it ("${command}")`);

  // The front: the C++ one of the default axes, the page's own, and the definition agree.
  const value = (name, i) => data.values[name][i];
  const keysFor = (axes) => data.points.map((_, i) => axes.map((a) => (a.maximize ? -1 : 1) * value(a.column, i)));
  const expectDefault = frontByDefinition(keysFor(data.default_axes)).map((i) => data.points[i]);
  const [ax, ay] = data.default_axes;
  const pageDefault = await page.evaluate(([x, y]) => window.__mosaic.sweep.frontPoints(x.column, x.maximize, y.column, y.maximize), [ax, ay]);
  const sorted = (a) => a.slice().sort((p, q) => p - q).join(",");
  check(sorted(data.front) === sorted(expectDefault) && sorted(pageDefault) === sorted(expectDefault), `sweep.html: Pareto front of ${ax.column} / ${ay.column} matches the definition (points ${sorted(expectDefault)})`);

  // Other axes from the selects: the front is recomputed in the page.
  const select = (name) => page.locator(`select[aria-label="${name}"]`);
  await select("x axis").selectOption("fiber.length_m");
  await select("x direction").selectOption("max");
  await select("y axis").selectOption("link.log10_worst_ber");
  await select("y direction").selectOption("min");
  await select("colour by").selectOption("power.pj_per_bit");
  const axes = [
    { column: "fiber.length_m", maximize: true },
    { column: "link.log10_worst_ber", maximize: false },
  ];
  const expectOther = frontByDefinition(keysFor(axes)).map((i) => data.points[i]);
  const marked = await page.$$eval("table.points tbody tr.front", (trs) => trs.map((tr) => Number(tr.dataset.point)));
  state = await scatterState(page);
  check(sorted(marked) === sorted(expectOther) && state.marks === n, `sweep.html: axes changed to max fiber.length_m / min worst BER: front recomputed (points ${sorted(marked)}, expected ${sorted(expectOther)}), still ${state.marks} marks`);

  // Hover a mark: the tooltip names the point and lists its inputs.
  const pos = await page.evaluate(() => {
    const c = window.__mosaic.charts.pareto;
    const d = c.getModel().getSeriesByName("Pareto front")[0].getData();
    const p = d.getItemLayout(0);
    const r = c.getDom().getBoundingClientRect();
    return { x: r.left + p[0], y: r.top + p[1], point: d.getRawDataItem(0)[2] };
  });
  await page.mouse.move(pos.x, pos.y);
  await page.waitForTimeout(150);
  const tip = await page.evaluate(() => [...document.querySelectorAll("div")].filter((d) => d.textContent.startsWith("point ") && getComputedStyle(d).display !== "none").map((d) => d.textContent)[0] || "");
  check(tip.startsWith(`point ${data.points[pos.point]}`) && tip.includes("fiber.length_m"), `sweep.html: hover shows the point's inputs and outputs ("${tip.slice(0, 70)}")`);

  // Sort by a header, then reverse it; missing values would go last, ties stay in point order.
  const byValue = (name, dir) =>
    data.points
      .map((p, i) => [p, value(name, i), i])
      .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) * dir || a[2] - b[2])
      .map((r) => r[0]);
  const header = page.locator('table.points th[data-column="power.per_end_w"]');
  await header.click();
  const up = await tableOrder(page);
  await header.click();
  const down = await tableOrder(page);
  check(up.join(",") === byValue("power.per_end_w", 1).join(",") && down.join(",") === byValue("power.per_end_w", -1).join(","), `sweep.html: clicking the power.per_end_w header sorts the table (${up.join(",")}), again reverses it (${down.join(",")})`);

  await page.locator('input[aria-label="filter points"]').fill("fiber.length_m >= 20 and channel.rate_gbps > 1.5");
  const filtered = await tableOrder(page);
  const expectFiltered = data.points.filter((_, i) => value("fiber.length_m", i) >= 20 && value("channel.rate_gbps", i) > 1.5);
  check(sorted(filtered) === sorted(expectFiltered), `sweep.html: condition filter keeps points ${sorted(filtered)}`);
  await page.locator('input[aria-label="filter points"]').fill("");

  // Every link names an existing page; the first is opened below.
  const links = await page.$$eval("table.points tbody tr a", (as) => as.map((a) => a.getAttribute("href")));
  check(links.length === n && links.every((l) => existsSync(join(dir, l))), `sweep.html: each point links to its own page (${links.length} links, all present)`);
  await page.screenshot({ path: join(out, "sweep.png"), fullPage: true });
  console.log(`     sweep.html: ready in ${renderMs} ms`);
  await page.close();

  const pointFile = join(dir, links[0]);
  const point = await openReport(browser, pointFile);
  check(point.problems.length === 0, `${links[0]}: no console error or request${point.problems.length ? ": " + point.problems.join("; ") : ""}`);
  const ps = await point.page.evaluate(() => {
    const m = window.__mosaic;
    const data = JSON.parse(document.getElementById("mosaic-data").textContent);
    let marks = 0;
    const map = m.charts.array_map;
    for (const role of ["data", "ecc", "spare", "dead"]) {
      const d = map.getModel().getSeriesByName(role)[0].getData();
      for (let i = 0; i < d.count(); i++) if (d.getItemGraphicEl(i)) marks++;
    }
    const back = document.querySelector("header .sweep-point a");
    const colours = [...document.querySelectorAll('select[aria-label="colour by"] option')].map((o) => o.value);
    return { charts: Object.keys(m.charts), pending: [...m.pending], marks, channels: data.report.channels.length, back: back ? back.getAttribute("href") : null, colours };
  });
  const expected = ["array_map", "stat_eye", "bathtub_phase", "bathtub_threshold", "ber_histogram", "power", "survival", "fleet_failures"];
  check(expected.every((c) => ps.charts.includes(c)) && ps.pending.length === 0, `${links[0]}: every chart of a simulate page rendered (${ps.charts.length})`);
  check(ps.marks === ps.channels, `${links[0]}: array map has one mark per channel (${ps.marks} marks, ${ps.channels} channels)`);
  // The sweep-mode report has eye heights for the worst channel only: the map does not offer them.
  check(!ps.colours.includes("eye_height") && ps.colours.includes("log10_ber"), `${links[0]}: array map colourings of a sweep-mode report (${ps.colours.join(", ")})`);
  check(ps.back !== null && existsSync(resolve(dirname(pointFile), ps.back)), `${links[0]}: links back to the sweep page (${ps.back})`);
  await point.page.screenshot({ path: join(out, "sweep_point.png"), fullPage: true });
  console.log(`     ${links[0]}: ready in ${point.renderMs} ms`);
  await point.page.close();
}

// Run alone: node test/sweep_page.mjs MOSAIC ARTIFACTS
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mosaic = resolve(process.argv[2] || "../build/apps/mosaic/mosaic");
  const out = resolve(process.argv[3] || "../build/web-artifacts");
  mkdirSync(out, { recursive: true });
  const failures = [];
  const check = (ok, what) => {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failures.push(what);
  };
  const browser = await launch();
  try {
    await checkSweepPage(browser, mosaic, out, check);
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `${failures.length} checks failed` : "all sweep page checks passed");
  process.exit(failures.length ? 1 : 0);
}
