// Opens report pages in headless Chromium (the system's, driven by playwright-core) and checks
// that they render with no console error and no network request.
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error("no Chromium found (install Debian's chromium or set CHROMIUM)");
  return found;
}

export async function launch() {
  return chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}

// Loads `file` (absolute path) and waits until every chart has finished rendering. Returns the
// problems seen (console errors, page errors, requests) and the page for further checks.
export async function openReport(browser, file, { width = 1400, height = 900, timeoutMs = 30000 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems = [];
  const url = "file://" + file;
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("request", (r) => {
    if (r.url() !== url.split("#")[0]) problems.push(`request made: ${r.url()}`);
  });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: timeoutMs });
  const renderMs = Date.now() - t0;
  return { page, problems, renderMs };
}
