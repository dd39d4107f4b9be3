// The page of `mosaic cluster` in headless Chromium: the cable-length histogram coloured by
// technology, kW per rack and goodput per technology choice are drawn, with no console error and
// no request; the histogram holds every cable and the rack chart every rack.
//   node test/cluster_page.mjs MOSAIC_BINARY ARTIFACTS_DIR   (alone; report_pages.mjs runs it too)
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, openReport } from "./browser.mjs";

export async function checkClusterPage(browser, mosaic, out, check) {
  const file = join(out, "cluster.html");
  const record = JSON.parse(execFileSync(mosaic, ["cluster", "--preset", "nvl576-mosaic", "--compare", "--html", file, "--json"], { maxBuffer: 1 << 28 }));
  const { page, problems, renderMs } = await openReport(browser, file);
  check(problems.length === 0, `cluster.html: no console error or request${problems.length ? ": " + problems.join("; ") : ""}`);
  const state = await page.evaluate(() => {
    const m = window.__mosaic;
    const res = { charts: Object.keys(m.charts), pending: [...m.pending], drawn: {}, histogram: 0, technologies: [], racks: 0, choices: 0 };
    for (const [n, c] of Object.entries(m.charts)) {
      const canvas = c.getDom().querySelector("canvas");
      const px = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < px.length; i += 16) if (px[i + 3] > 0) ink++;
      res.drawn[n] = ink;
    }
    const h = m.charts.cable_lengths.getOption();
    for (const s of h.series) {
      res.technologies.push(s.name);
      for (const v of s.data) res.histogram += v || 0;
    }
    res.racks = m.charts.rack_power.getOption().xAxis[0].data.length;
    res.choices = m.charts.choice_goodput.getOption().xAxis[0].data.length;
    res.keys = document.querySelectorAll("table.keys tbody tr").length;
    return res;
  });
  for (const c of ["cable_lengths", "rack_power", "choice_goodput"]) {
    check(state.charts.includes(c), `cluster.html: chart ${c} present`);
    check((state.drawn[c] || 0) > 100, `cluster.html: chart ${c} drew pixels`);
  }
  check(state.pending.length === 0, "cluster.html: every chart finished rendering");
  check(state.histogram === record.cables.total, `cluster.html: the histogram holds every cable (${state.histogram} of ${record.cables.total})`);
  check(state.technologies.includes("mosaic") && state.technologies.includes("dac"), `cluster.html: histogram coloured by technology (${state.technologies.join(", ")})`);
  check(state.racks === record.counts.racks, `cluster.html: one bar per rack (${state.racks})`);
  check(state.choices === record.choices.length, `cluster.html: goodput per choice (${state.choices})`);
  check(state.keys > 50, `cluster.html: the cluster's and the design's keys listed (${state.keys})`);
  await page.screenshot({ path: join(out, "cluster.png"), fullPage: true });
  console.log(`     cluster.html: ready in ${renderMs} ms`);
  await page.close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
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
    await checkClusterPage(browser, mosaic, out, check);
  } finally {
    await browser.close();
  }
  process.exit(failures.length ? 1 : 0);
}
