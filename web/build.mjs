// Bundles the report page (src/main.js, its styles and its npm dependencies) into one minified
// script, dist/report.js, which the C++ build embeds into every HTML report.
import { build } from "esbuild";
import { readFileSync } from "node:fs";

// `node build.mjs OUT.js` writes elsewhere (to check that the committed bundle is reproducible).
const outfile = process.argv[2] || "dist/report.js";

await build({
  entryPoints: ["src/main.js"],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  loader: { ".css": "text" },
  legalComments: "none",
  outfile,
  logLevel: "warning",
});
// The script is inlined into a <script> element: it must never close it early.
const text = readFileSync(outfile, "utf8");
if (/<\/script/i.test(text) || text.includes("<!--")) {
  console.error(`${outfile} contains </script or <!--, which would break the inlined page`);
  process.exit(1);
}
console.log(`${outfile}: ${(text.length / 1024).toFixed(0)} KiB`);
