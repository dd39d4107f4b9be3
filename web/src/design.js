// The design: every key with its value, unit and the 800g default; non-defaults highlighted.
import { fmt } from "./charts.js";
import { card, el } from "./dom.js";

function lookup(spec, key) {
  let v = spec;
  for (const part of key.split(".")) {
    if (v === null || v === undefined) return undefined;
    v = v[part];
  }
  return v;
}

function same(a, b) {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

// `title` and `reference` name what the keys describe and whose defaults they are (a cluster's
// keys have the nvl72-copper preset's).
export function designCard(keys, spec, { title = "Design", reference = "800g" } = {}) {
  if (!keys || !spec) return null;
  const tbody = el("tbody");
  let changed = 0;
  const rows = keys.map((k) => {
    const v = lookup(spec, k.key);
    const differs = !same(v, k.default);
    if (differs) changed++;
    return el(
      "tr",
      { class: differs ? "changed" : "", "data-key": k.key },
      el("td", { class: "key", text: k.key }),
      el("td", { class: "num", text: v === null ? "unset" : fmt(v, 6) }),
      el("td", { text: k.unit }),
      el("td", { class: "num", text: k.default === null ? "unset" : fmt(k.default, 6) }),
      el("td", { class: "doc", text: k.doc, title: `allowed: ${k.allowed}` })
    );
  });
  tbody.append(...rows);
  const filter = el("input", { type: "search", placeholder: "filter keys…", "aria-label": "filter keys" });
  const onlyChanged = el("input", { type: "checkbox", id: "only-changed" });
  const apply = () => {
    const q = filter.value.toLowerCase();
    for (const tr of rows) {
      const show = (!q || tr.textContent.toLowerCase().includes(q)) && (!onlyChanged.checked || tr.classList.contains("changed"));
      tr.style.display = show ? "" : "none";
    }
  };
  filter.addEventListener("input", apply);
  onlyChanged.addEventListener("change", apply);
  return card(
    title,
    `Every key of the ${title.toLowerCase()} (${keys.length}); ${changed} differ from the ${reference} default and are highlighted. Hover a meaning for the allowed range.`,
    el("div", { class: "controls" }, filter, el("label", { for: "only-changed" }, onlyChanged, " only non-defaults")),
    el(
      "div",
      { class: "table-wrap tall" },
      el("table", { class: "keys" }, el("thead", {}, el("tr", {}, ["key", "value", "unit", "default", "meaning"].map((h) => el("th", { text: h })))), tbody)
    )
  );
}
