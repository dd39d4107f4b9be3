// Small DOM helpers: the page is built from plain elements, the charts inside them.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// A titled card holding either a chart area or arbitrary content.
export function card(title, subtitle, ...content) {
  return el("section", { class: "card" }, el("h2", { text: title }), subtitle ? el("p", { class: "sub", text: subtitle }) : null, ...content);
}

export function plot(cls = "plot") {
  return el("div", { class: cls });
}

export function tiles(items) {
  // At most two even rows of tiles.
  const columns = items.length <= 7 ? items.length : Math.ceil(items.length / 2);
  return el(
    "div",
    { class: "tiles", style: `--columns: ${columns}` },
    items.map(([label, value, state]) =>
      el("div", { class: `tile ${state || ""}` }, el("div", { class: "tile-value", text: value }), el("div", { class: "tile-label", text: label }))
    )
  );
}

export function table(headers, rows, { sortable = false, rowClass = null } = {}) {
  const tbody = el("tbody");
  const fill = (rs) => {
    tbody.replaceChildren(...rs.map((r, i) => el("tr", { class: rowClass ? rowClass(r, i) : "" }, r.map((c) => el("td", { text: c.text ?? String(c), title: c.title ?? "" })))));
  };
  let order = rows.slice();
  fill(order);
  let sortedBy = -1;
  const head = el(
    "tr",
    {},
    headers.map((h, i) =>
      el("th", {
        text: h,
        class: sortable ? "sortable" : "",
        onclick: sortable
          ? () => {
              const dir = sortedBy === i ? -1 : 1;
              sortedBy = sortedBy === i ? -1 : i;
              const key = (r) => (r[i].sort !== undefined ? r[i].sort : r[i].text ?? r[i]);
              order = rows.slice().sort((a, b) => {
                const x = key(a);
                const y = key(b);
                return (x < y ? -1 : x > y ? 1 : 0) * dir;
              });
              fill(order);
            }
          : null,
      })
    )
  );
  return el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), tbody));
}
