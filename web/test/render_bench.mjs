// Time to render the report of the default design in headless Chromium: from navigation to the
// last chart's 'finished' event, over several loads (the first warms the browser up).
//   node test/render_bench.mjs REPORT.html [RUNS]
import { resolve } from "node:path";
import { statSync } from "node:fs";
import { launch, openReport } from "./browser.mjs";

const file = resolve(process.argv[2]);
const runs = Number(process.argv[3] || 7);
const browser = await launch();
const times = [];
try {
  for (let i = 0; i <= runs; i++) {
    const { page, problems, renderMs } = await openReport(browser, file);
    if (problems.length) throw new Error(problems.join("; "));
    // The page's own view of the same span (navigation start to ready), without the driver.
    const inPage = await page.evaluate(() => performance.now());
    if (i > 0) times.push({ renderMs, inPage });
    await page.close();
  }
} finally {
  await browser.close();
}
const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const size = statSync(file).size / 1024 / 1024;
console.log(
  `${file}: ${size.toFixed(2)} MB; time to render over ${runs} loads: median ${med(times.map((t) => t.renderMs))} ms, ` +
    `min ${Math.min(...times.map((t) => t.renderMs))} ms, max ${Math.max(...times.map((t) => t.renderMs))} ms (target < 2000 ms)`
);
