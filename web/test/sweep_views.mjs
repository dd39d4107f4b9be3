// Browser test of the sweep page's study views on examples/sweep_800g_reach_temperature.toml (the
// 800G design over 5 fiber lengths and 4 case temperatures, with margins): the line view draws one
// line per temperature with the 0 dB margin line, then with the KP4 and 1e-12 lines on the log10
// and the linear BER, on axes clipped to the report's BER floor; small multiples by temperature;
// the URL's fragment reproduces each view (the page opened again with it draws the same); PNG, SVG
// and CSV exports each produce a file (the CSV one line per table row shown, plus its header); the
// table prints BERs below the floor as "< floor"; no console error, no request.
//   node test/sweep_views.mjs MOSAIC_BINARY ARTIFACTS_DIR   (report_pages.mjs also runs it)
// MOSAIC_REUSE_STORE=1 keeps a store left by an earlier run (the sweep then evaluates nothing).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, openReport } from "./browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const EXAMPLE = resolve(here, "../../examples/sweep_800g_reach_temperature.toml");
const LENGTHS = 5;
const TEMPERATURES = 4;
const KP4 = 2.4e-4;

const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 30000 });

// The line chart as drawn: its line series (not the reference lines) with the number of symbols
// each drew, the reference lines with the pixel row of their level and the grids' pixel spans, and
// the page's own account of the view.
async function lineState(page) {
  return page.evaluate(() => {
    const m = window.__mosaic;
    const c = m.charts.line;
    if (!c) return null;
    const model = c.getModel();
    const refNames = new Set(m.sweep.line.refs.map((r) => r.name));
    const lines = [];
    const refs = [];
    model.eachSeries((s) => {
      const d = s.getData();
      let drawn = 0;
      for (let i = 0; i < d.count(); i++) if (d.getItemGraphicEl(i)) drawn++;
      const grid = model.getComponent("grid", s.getModel().get("xAxisIndex") || 0).coordinateSystem.getRect();
      if (refNames.has(s.name)) {
        const level = d.get("y", 0);
        const px = c.convertToPixel({ seriesIndex: s.seriesIndex }, [d.get("x", 0), level]);
        refs.push({ name: s.name, level, inside: px[1] >= grid.y - 0.5 && px[1] <= grid.y + grid.height + 0.5, grid: s.getModel().get("xAxisIndex") });
      } else lines.push({ name: s.name, points: d.count(), drawn, grid: s.getModel().get("xAxisIndex") });
    });
    const y = model.getComponent("yAxis", 0).axis;
    return {
      lines,
      refs,
      grids: model.findComponents({ mainType: "grid" }).length,
      yType: y.type,
      yExtent: y.scale.getExtent(),
      view: m.sweep.line,
      hash: window.location.hash,
      pending: [...m.pending],
      selects: Object.fromEntries([...document.querySelectorAll("select")].map((s) => [s.getAttribute("aria-label"), s.value])),
    };
  });
}

// The drawn view, without what depends on the page's size: compared between two pages.
const essence = (s) => JSON.stringify({ lines: s.lines.map((l) => [l.name, l.points, l.drawn, l.grid]), refs: s.refs, grids: s.grids, yType: s.yType, yExtent: s.yExtent, view: s.view, selects: s.selects });

async function downloadOf(page, kind) {
  const [d] = await Promise.all([page.waitForEvent("download"), page.locator(`button[data-export="${kind}"]`).click()]);
  const path = await d.path();
  return { name: d.suggestedFilename(), bytes: readFileSync(path) };
}

export async function checkSweepViews(browser, mosaic, out, check) {
  const dir = join(out, "sweep_views");
  if (!process.env.MOSAIC_REUSE_STORE) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const f = (name) => join(dir, name);
  const run = (...args) => execFileSync(mosaic, args, { stdio: ["ignore", "pipe", "inherit"] });
  const t0 = Date.now();
  run("sweep", EXAMPLE, "--store", f("reach.db"), "--threads", "2", ...(existsSync(f("reach.db")) ? ["--resume"] : []));
  run("report", f("reach.db"), "-o", f("sweep.html"));
  console.log(`     ${LENGTHS * TEMPERATURES}-point sweep of the 800G example and its pages generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const problems = [];
  const open = async (hash = "") => {
    const r = await openReport(browser, f("sweep.html") + hash);
    problems.push(...r.problems.map((p) => `${hash || "(no hash)"}: ${p}`));
    return r.page;
  };
  const page = await open();
  const data = await page.evaluate(() => JSON.parse(document.getElementById("mosaic-data").textContent));
  const n = data.points.length;
  check(n === LENGTHS * TEMPERATURES, `sweep_views: the store holds the example's ${LENGTHS} x ${TEMPERATURES} points (${n})`);
  const floorColumn = data.columns.find((c) => c.name === "report.ber_floor");
  const floor = (data.report && data.report.ber_floor) || (floorColumn && floorColumn.value);
  check(floor > 0 && floor < 1e-6, `sweep_views: the report states a BER floor (${floor})`);
  // The verdict tile counts the stored verdicts (now and at end of life), not BER now.
  const verdicts = data.values["link.meets"] || new Array(n).fill(data.columns.find((c) => c.name === "link.meets").value);
  const meetsVerdict = verdicts.filter((v) => v === 1).length;
  const verdictTile = await page.locator(".tile").filter({ hasText: "meet the verdict" }).innerText();
  check(verdictTile.includes(`${meetsVerdict} of ${n}`), `sweep_views: the verdict tile counts the stored verdicts (${meetsVerdict} of ${n}: "${verdictTile.replace(/\s+/g, " ")}")`);
  // The header: each swept axis with its values, the reach range written out in full.
  const swept = await page.$$eval("header .swept .axis", (spans) => spans.map((s) => s.textContent));
  const wantSwept = ["fiber.length_m: 10, 20, 30, 40, 50 m", "environment.case_temperature_c: 25, 45, 65, 85 °C"];
  check(swept.join(" | ") === wantSwept.join(" | "), `sweep_views: the header lists the swept values ("${swept.join(" | ")}")`);
  const select = (name) => page.locator(`select[aria-label="${name}"]`);

  // The line view as it opens: margin against length, one line per temperature, the 0 dB line.
  await page.locator('button[data-view="line"]').click();
  await ready(page);
  let s = await lineState(page);
  const temps = [...new Set(data.values["environment.case_temperature_c"])].sort((a, b) => a - b);
  check(
    s && s.view.x === "fiber.length_m" && s.view.series === "environment.case_temperature_c" && s.view.y === "link.optical_margin_db" && s.view.facet === "",
    `sweep_views: the line view opens on x = the first swept axis, one line per the second, y = the optical margin (${s && [s.view.x, s.view.series, s.view.y].join(", ")})`
  );
  check(
    s.lines.length === TEMPERATURES && s.lines.every((l) => l.points === LENGTHS && l.drawn === LENGTHS) && temps.every((t, k) => s.lines[k].name.includes(`= ${t} °C`)),
    `sweep_views: one line per temperature (${s.lines.map((l) => `${l.name}: ${l.drawn} points`).join("; ")})`
  );
  const zero = s.refs.find((r) => r.name === "0 dB margin");
  check(zero && zero.level === 0 && zero.inside && s.yExtent[0] < 0, `sweep_views: the 0 dB margin line is drawn inside the chart (y from ${s.yExtent[0]} to ${s.yExtent[1]} dB)`);
  await page.screenshot({ path: join(out, "sweep_lines.png"), fullPage: true });

  // The worst BER, as log10 and as a BER: the KP4 and 1e-12 lines, the axis clipped to the floor.
  await select("line y").selectOption("link.log10_worst_ber");
  await ready(page);
  s = await lineState(page);
  const kp4 = s.refs.find((r) => r.name === "KP4 pre-FEC limit");
  const low = s.refs.find((r) => r.name === "BER 1e-12");
  check(kp4 && Math.abs(kp4.level - Math.log10(KP4)) < 1e-12 && kp4.inside && low && low.level === -12 && low.inside, `sweep_views: log10 worst BER: the KP4 line at ${kp4 && kp4.level.toFixed(3)} and the 1e-12 line drawn`);
  check(s.yType === "value" && s.yExtent[0] === Math.floor(Math.log10(floor)) && Math.abs(s.yExtent[1] - Math.log10(0.5)) < 1e-12, `sweep_views: log10 BER axis clipped to the floor and 0.5 (${s.yExtent.map((v) => v.toFixed(2)).join(" .. ")})`);
  const lowest = Math.min(...s.view.lines.flatMap((l) => l.ys));
  check(s.lines.length === TEMPERATURES && lowest >= Math.log10(floor) - 1e-9, `sweep_views: log10 BERs below the floor drawn on it (lowest drawn ${lowest.toFixed(2)}; stored ${Math.min(...data.values["link.log10_worst_ber"]).toFixed(1)})`);
  await select("line y").selectOption("link.worst_ber");
  await ready(page);
  s = await lineState(page);
  const kp4Linear = s.refs.find((r) => r.name === "KP4 pre-FEC limit");
  // The log scale's extent, in values (or, in some ECharts versions, their log10).
  const extent = s.yExtent[1] <= 0 ? s.yExtent.map((v) => Math.pow(10, v)) : s.yExtent;
  check(s.yType === "log" && Math.abs(extent[0] / floor - 1) < 1e-6 && Math.abs(extent[1] - 0.5) < 1e-9, `sweep_views: linear worst BER on a log axis from the floor to 0.5 (${extent.join(" .. ")})`);
  check(kp4Linear && kp4Linear.level === KP4 && kp4Linear.inside && s.lines.length === TEMPERATURES, `sweep_views: linear worst BER: the KP4 line at ${kp4Linear && kp4Linear.level} drawn, ${s.lines.length} lines`);

  // The URL reproduces the view: another page opened with this one's fragment draws the same.
  const sameView = async (what) => {
    const mine = await lineState(page);
    const other = await open(mine.hash);
    const theirs = await lineState(other);
    check(theirs !== null && essence(theirs) === essence(mine) && theirs.hash === mine.hash, `sweep_views: ${what}: the page opened with its URL (${mine.hash.slice(0, 80)}...) draws the same view`);
    await other.close();
  };
  check(s.hash.includes("view=line") && s.hash.includes("y=link.worst_ber") && s.hash.includes("series=environment.case_temperature_c"), `sweep_views: the view is written into the URL (${s.hash.slice(0, 90)}...)`);
  await sameView("lines of the worst BER");

  // Small multiples: one chart per temperature, the lengths on x, one line in each.
  await select("line y").selectOption("link.optical_margin_db");
  await select("line series").selectOption("");
  await select("line facet").selectOption("environment.case_temperature_c");
  await ready(page);
  s = await lineState(page);
  check(
    s.grids === TEMPERATURES && s.lines.length === TEMPERATURES && new Set(s.lines.map((l) => l.grid)).size === TEMPERATURES && s.refs.length === TEMPERATURES && s.refs.every((r) => r.inside),
    `sweep_views: one small chart per temperature (${s.grids} charts, ${s.lines.length} lines, a 0 dB line in each: ${s.refs.length})`
  );
  await page.locator('section.card:has([data-view="line"])').screenshot({ path: join(out, "sweep_lines_facets.png") });
  await sameView("small multiples");

  // Exports: PNG and SVG of the chart, CSV of the rows the table shows.
  const png = await downloadOf(page, "png");
  check(png.bytes.length > 1000 && png.bytes.subarray(1, 4).toString() === "PNG" && png.name.endsWith(".png"), `sweep_views: PNG export (${png.name}, ${png.bytes.length} bytes)`);
  const svg = await downloadOf(page, "svg");
  const svgText = svg.bytes.toString("utf8");
  check(svgText.startsWith("<svg") && svgText.includes("</svg>") && svgText.includes("0 dB margin") && svg.name.endsWith(".svg"), `sweep_views: SVG export (${svg.name}, ${svg.bytes.length} bytes, with the reference line's label)`);
  const csv = await downloadOf(page, "csv");
  let lines = csv.bytes.toString("utf8").trimEnd().split("\n");
  check(lines.length === n + 1 && lines[0].startsWith("point,") && lines[0].includes("fiber.length_m (m)") && lines[0].includes("link.optical_margin_db (dB)"), `sweep_views: CSV export of every row: ${lines.length} lines for ${n} rows, header with units`);
  await page.locator('input[aria-label="filter points"]').fill("fiber.length_m >= 30 and environment.case_temperature_c < 80");
  const shown = await page.locator("table.points tbody tr").count();
  const filtered = (await downloadOf(page, "csv")).bytes.toString("utf8").trimEnd().split("\n");
  const expect = data.points.filter((_, i) => data.values["fiber.length_m"][i] >= 30 && data.values["environment.case_temperature_c"][i] < 80).length;
  check(shown === expect && filtered.length === shown + 1, `sweep_views: CSV export of the filtered table: ${filtered.length} lines for ${shown} rows shown`);
  check((await page.evaluate(() => window.location.hash)).includes("filter="), "sweep_views: the table's filter is in the URL too");
  await page.locator('input[aria-label="filter points"]').fill("");

  // Numbers by unit: a worst BER under the floor prints as "< floor".
  const columnIndex = await page.$$eval("table.points thead th", (ths) => ths.findIndex((th) => th.dataset.column === "link.worst_ber"));
  const berCells = await page.$$eval(`table.points tbody tr td:nth-child(${columnIndex + 1})`, (tds) => tds.map((td) => td.textContent));
  const under = data.values["link.worst_ber"].filter((v) => v < floor).length;
  check(berCells.filter((t) => t.startsWith("< 1e-18")).length === under && under > 0, `sweep_views: the table prints the ${under} worst BERs under the floor as "< 1e-18" (${berCells.slice(0, 2).join(", ")}, ...)`);

  // The Pareto view's axes are in the URL as well.
  await page.locator('button[data-view="pareto"]').click();
  await ready(page);
  await select("x axis").selectOption("fiber.length_m");
  await select("x direction").selectOption("max");
  await select("y axis").selectOption("link.optical_margin_db");
  await select("colour by").selectOption("environment.case_temperature_c");
  await ready(page);
  const pareto = async (p) => p.evaluate(() => ({ state: (({ view, x, xMax, y, yMax, colour }) => ({ view, x, xMax, y, yMax, colour }))(window.__mosaic.sweep.state), hash: window.location.hash, charts: Object.keys(window.__mosaic.charts), title: window.__mosaic.charts.pareto.getOption().title.map((t) => t.text) }));
  const before = await pareto(page);
  const again = await open(before.hash);
  const there = await pareto(again);
  check(JSON.stringify(there.state) === JSON.stringify(before.state) && there.charts.includes("pareto") && !there.charts.includes("line"), `sweep_views: the Pareto view from its URL (${JSON.stringify(there.state)})`);
  check(there.title.join(" ").includes("case_"), `sweep_views: the colour bar is titled (${there.title.join(" ").replace(/\n/g, "")})`);
  await again.close();
  await page.close();
  check(problems.length === 0, `sweep_views: no console error or request on any page${problems.length ? ": " + problems.join("; ") : ""}`);
  if (!existsSync(join(out, "sweep_lines.png"))) check(false, "sweep_views: screenshot of the line view saved");
}

// Run alone: node test/sweep_views.mjs MOSAIC ARTIFACTS
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
    await checkSweepViews(browser, mosaic, out, check);
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `${failures.length} checks failed` : "all sweep view checks passed");
  process.exit(failures.length ? 1 : 0);
}
