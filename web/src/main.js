// Entry point of the report page: reads the report embedded in the document and lays out the
// figures for the command that produced it. Everything is inline; nothing is fetched.
import css from "./style.css";
import { drawCharts, fmt } from "./charts.js";
import { el } from "./dom.js";
import { designCard } from "./design.js";
import { comparePage, fleetPage, relayPage } from "./others.js";
import { cablePage } from "./cable.js";
import { clusterPage } from "./cluster.js";
import { assumptionsCard } from "./shared.js";
import { simulatePage } from "./simulate.js";
import { encodePath, sweepPage, sweptAxesLine } from "./sweep.js";

const TITLES = {
  simulate: "Link simulation",
  relay: "Bit-exact link layer",
  compare: "MOSAIC beside the baselines",
  fleet: "Fleet reliability",
  sweep: "Design sweep",
  cluster: "Cluster what-if",
  cable: "The cable carrying real traffic",
};

function main() {
  document.head.append(el("style", { text: css }));
  const page = JSON.parse(document.getElementById("mosaic-data").textContent);
  const app = document.getElementById("app");
  const r = page.report;
  const meta = [page.generator, r.seed !== undefined ? `seed ${r.seed}` : null].filter(Boolean);
  // The command that wrote the record, as typed: what a reader reruns to get this page again.
  const command = r.command ? el("p", { class: "meta command", text: `command: ${r.command}` }) : null;
  // A point of a sweep store names its point and links back to the sweep's page.
  const from = page.sweep
    ? el(
        "p",
        { class: "meta sweep-point" },
        `point ${page.sweep.point} of the sweep store ${page.sweep.store}`,
        page.sweep.sweep_page ? el("span", {}, " · ", el("a", { href: encodePath(page.sweep.sweep_page), text: "back to the sweep" })) : null
      )
    : null;
  const title = page.sweep ? `${TITLES[page.kind]}: sweep point ${page.sweep.point}` : TITLES[page.kind] || "Report";
  const swept = page.kind === "sweep" ? sweptAxesLine(page) : null;
  app.replaceChildren(el("header", {}, el("div", { class: "brand", text: "mosaic" }), el("h1", { text: title }), el("p", { class: "meta", text: meta.join(" · ") }), command, swept, from));
  const main = el("main");
  app.append(main);
  if (page.kind === "simulate") simulatePage(page, main);
  else if (page.kind === "relay") relayPage(page, main);
  else if (page.kind === "compare") comparePage(page, main);
  else if (page.kind === "fleet") fleetPage(page, main);
  else if (page.kind === "sweep") sweepPage(page, main);
  else if (page.kind === "cluster") clusterPage(page, main);
  else if (page.kind === "cable") cablePage(page, main);
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
