// The charting library (ECharts, only the parts the page uses) and the page's chart registry:
// every chart registers here, and the page is "ready" once each has finished rendering.
import * as echarts from "echarts/core";
import { BarChart, CustomChart, LineChart, ScatterChart } from "echarts/charts";
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";

echarts.use([
  BarChart,
  CustomChart,
  LineChart,
  ScatterChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export const palette = {
  ink: "#1f2933",
  muted: "#616e7c",
  grid: "#e4e7eb",
  accent: "#0b6bcb",
  data: "#0b6bcb",
  ecc: "#7b3fc4",
  spare: "#2e8540",
  dead: "#9aa5b1",
  limit: "#d64545",
  warn: "#e8a33d",
  roles: ["#0b6bcb", "#7b3fc4", "#2e8540", "#9aa5b1"],
  blocks: ["#0b6bcb", "#3ebd93", "#f0b429", "#e66a6a", "#7b3fc4", "#40c3f7", "#9aa5b1", "#b44d12", "#2d3a8c", "#c65d7b"],
  // Perceptually even, dark = error-free, bright = near failure.
  ber: ["#0d0887", "#5302a3", "#8b0aa5", "#b83289", "#db5c68", "#f48849", "#febd2a", "#f0f921"],
  // Sample density, light (few) to dark (many) on white: sparse bins never read as solid.
  density: ["#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"],
};

const registry = { charts: {}, pending: new Set(), errors: [] };
window.__mosaic = registry;

export const base = {
  animation: false,
  textStyle: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", color: palette.ink },
  grid: { left: 64, right: 24, top: 36, bottom: 52, containLabel: false },
  tooltip: { confine: true, backgroundColor: "rgba(255,255,255,0.97)", borderColor: palette.grid, textStyle: { color: palette.ink, fontSize: 12 } },
};

export function axis(name, extra = {}) {
  return {
    name,
    nameLocation: "middle",
    nameGap: 30,
    nameTextStyle: { color: palette.muted, fontSize: 12 },
    axisLine: { lineStyle: { color: palette.muted } },
    splitLine: { lineStyle: { color: palette.grid } },
    axisLabel: { color: palette.muted },
    ...extra,
  };
}

const queue = [];
let laidOut = false;

// Declares a chart in `el` under `name`. It is drawn by drawCharts(), once the page is laid out
// (a chart needs its element's size); the page is ready when every chart has 'finished'. A chart
// declared after that (a view the reader switches to) is drawn at once, and the page is not ready
// again until it has finished. `onInit(instance)`, when given, runs once the chart exists (event
// handlers).
export function chart(name, el, option, onInit = null) {
  registry.pending.add(name);
  const draw = () => {
    const c = echarts.init(el, null, { renderer: "canvas" });
    registry.charts[name] = c;
    c.on("finished", () => {
      registry.pending.delete(name);
      if (registry.pending.size === 0) document.body.dataset.ready = "1";
    });
    c.setOption({ ...base, ...(typeof option === "function" ? option() : option) });
    if (onInit) onInit(c);
  };
  if (laidOut) {
    document.body.dataset.ready = "0";
    draw();
  } else queue.push(draw);
}

// Redraws the chart `name` with a new option (every component replaced); the page is not ready
// until it has finished.
export function redrawChart(name, option) {
  const c = registry.charts[name];
  if (!c) return;
  registry.pending.add(name);
  document.body.dataset.ready = "0";
  c.resize();
  c.setOption({ ...base, ...option }, { notMerge: true });
}

export function drawCharts() {
  laidOut = true;
  if (queue.length === 0) document.body.dataset.ready = "1";
  for (const draw of queue.splice(0)) draw();
}

// The option drawn as a standalone SVG document (ECharts' server-side SVG renderer, no DOM): the
// vector export of a chart drawn on canvas.
export function svgOf(option, width, height) {
  const c = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  c.setOption({ ...base, ...option, tooltip: undefined });
  const svg = c.renderToSVGString();
  c.dispose();
  return svg;
}

window.addEventListener("resize", () => {
  for (const c of Object.values(registry.charts)) c.resize();
});

export function fmtBer(log10) {
  if (log10 === null || log10 === undefined || !Number.isFinite(log10)) return "–";
  if (log10 > -0.31) return "0.5 (dead)";
  const e = Math.floor(log10);
  const m = Math.pow(10, log10 - e);
  return `${m.toFixed(2)}e${e}`;
}

export function fmt(x, digits = 3) {
  if (x === null || x === undefined) return "–";
  if (typeof x === "boolean") return x ? "yes" : "no";
  if (typeof x !== "number") return String(x);
  if (!Number.isFinite(x)) return "∞";
  if (x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3)) return x.toExponential(digits - 1);
  return Number(x.toPrecision(digits)).toString();
}

// A grid of cells (x by y) drawn as rectangles on value axes, coloured through a visualMap; drawn
// in one pass (progressive chunks would leave a large grid half drawn when the page says ready).
export function cellSeries(name, cells, dx, dy, extra = {}) {
  return {
    type: "custom",
    name,
    data: cells,
    progressive: 0,
    encode: { x: 0, y: 1 },
    renderItem(params, api) {
      const x = api.value(0);
      const y = api.value(1);
      const a = api.coord([x - dx / 2, y + dy / 2]);
      const b = api.coord([x + dx / 2, y - dy / 2]);
      return {
        type: "rect",
        shape: { x: a[0], y: a[1], width: b[0] - a[0] + 0.6, height: b[1] - a[1] + 0.6 },
        style: { fill: api.visual("color") },
      };
    },
    ...extra,
  };
}

export { echarts };
