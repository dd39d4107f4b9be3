// Entry point of the report page: reads the report embedded in the document and lays out the
// figures for the command that produced it. Everything is inline; nothing is fetched.
import css from "./style.css";
import { drawCharts, fmt } from "./charts.js";
import { el } from "./dom.js";
import { designCard } from "./design.js";
import { comparePage, fleetPage, relayPage } from "./others.js";
import { assumptionsCard } from "./shared.js";
import { simulatePage } from "./simulate.js";

const TITLES = {
  simulate: "Link simulation",
  relay: "Bit-exact link layer",
  compare: "MOSAIC beside the baselines",
  fleet: "Fleet reliability",
};

function main() {
  document.head.append(el("style", { text: css }));
  const page = JSON.parse(document.getElementById("mosaic-data").textContent);
  const app = document.getElementById("app");
  const r = page.report;
  const meta = [page.generator, r.command ? `command: ${r.command}` : null, r.seed !== undefined ? `seed ${r.seed}` : null].filter(Boolean);
  app.replaceChildren(
    el("header", {}, el("div", { class: "brand", text: "mosaic" }), el("h1", { text: TITLES[page.kind] || "Report" }), el("p", { class: "meta", text: meta.join(" · ") }))
  );
  const main = el("main");
  app.append(main);
  if (page.kind === "simulate") simulatePage(page, main);
  else if (page.kind === "relay") relayPage(page, main);
  else if (page.kind === "compare") comparePage(page, main);
  else if (page.kind === "fleet") fleetPage(page, main);
  const spec = page.kind === "simulate" ? r.spec : page.spec;
  const bottom = el("div", { class: "grid wide" });
  const design = designCard(page.keys, spec);
  if (design) bottom.append(design);
  const assumptions = [...(r.assumptions || []), ...((page.comparison && page.comparison.assumptions) || [])];
  const a = assumptionsCard(assumptions);
  if (a) bottom.append(a);
  main.append(bottom);
  if (r.timing) app.append(el("footer", { text: `computed in ${fmt(r.timing.total_s)} s on ${r.timing.threads} threads · self-contained page, works offline` }));
  else app.append(el("footer", { text: "self-contained page, works offline" }));
  drawCharts();
}

main();
