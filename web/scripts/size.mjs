// Prints the gzipped size of what the first page load fetches (the entry script and the chunks
// it preloads) and of the wasm module, against the budgets in docs/BENCHMARKS.md.
// Exits non-zero when a budget is exceeded.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let js = 0;
for (const f of initial) js += gz(f);
const wasmFiles = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.wasm'));
const wasm = wasmFiles.reduce((n, f) => n + gz(join('assets', f)), 0);
const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].reduce((n, m) => n + gz(m[1]), 0);

const budgets = { js: 200 * 1024, wasm: 60 * 1024 };
console.log(`initial JS (${initial.size} files), gzipped: ${kb(js)}  (budget ${kb(budgets.js)})`);
console.log(`initial CSS, gzipped:            ${kb(css)}`);
console.log(`wasm module, gzipped:            ${kb(wasm)}  (budget ${kb(budgets.wasm)})`);
if (js > budgets.js || wasm > budgets.wasm) {
  console.error('over budget');
  process.exit(1);
}
