// Bundles the report page (src/main.js, its styles and its npm dependencies) into one minified
// script, dist/report.js, which the C++ build embeds into every HTML report.
import { build } from "esbuild";
import { readFileSync } from "node:fs";

await build({
  entryPoints: ["src/main.js"],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  loader: { ".css": "text" },
  legalComments: "none",
  outfile: "dist/report.js",
  logLevel: "warning",
});
// The script is inlined into a <script> element: it must never close it early.
const text = readFileSync("dist/report.js", "utf8");
if (/<\/script/i.test(text) || text.includes("<!--")) {
  console.error("dist/report.js contains </script or <!--, which would break the inlined page");
  process.exit(1);
}
console.log(`dist/report.js: ${(text.length / 1024).toFixed(0)} KiB`);
