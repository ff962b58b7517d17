// Prints the gzipped size of what the first page load fetches (the entry script and the chunks
// it preloads) and of the wasm modules, against the budgets in docs/BENCHMARKS.md: the module
// the boot path loads (referenced from those first chunks) ≤ 60 KB, each module loaded with a
// lazily loaded screen (the manage tools' rules) ≤ 40 KB and never on the boot path.
// Exits non-zero when a budget is exceeded.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const web = new URL('../', import.meta.url).pathname;
const dist = join(web, 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const gzBytes = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const gz = (file) => gzBytes(join(dist, file));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let js = 0;
for (const f of initial) js += gz(f);
const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].reduce((n, m) => n + gz(m[1]), 0);

// Which wasm file is which: the boot module is the one the first chunks reference; the manage
// module is recognised by its bytes (the file Vite copies from src/wasm-manage-pkg).
const initialText = [...initial].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
const wasmFiles = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.wasm'));
const boot = wasmFiles.filter((f) => initialText.includes(f));
const lazy = wasmFiles.filter((f) => !boot.includes(f));
const managePkg = join(web, 'src/wasm-manage-pkg/switchboard_wasm_bg.wasm');
if (!existsSync(managePkg)) {
  console.error('no src/wasm-manage-pkg: run `just wasm` first');
  process.exit(1);
}
const manageBytes = readFileSync(managePkg);
const isManage = (f) => readFileSync(join(dist, 'assets', f)).equals(manageBytes);

const budgets = { js: 200 * 1024, wasm: 60 * 1024, lazyWasm: 40 * 1024 };
const over = [];
const bootWasm = boot.reduce((n, f) => n + gz(join('assets', f)), 0);
console.log(`initial JS (${initial.size} files), gzipped: ${kb(js)}  (budget ${kb(budgets.js)})`);
console.log(`initial CSS, gzipped:            ${kb(css)}`);
console.log(`wasm module, gzipped:            ${kb(bootWasm)}  (budget ${kb(budgets.wasm)})`);
if (js > budgets.js) over.push('initial JS');
if (bootWasm > budgets.wasm) over.push('boot wasm module');
if (boot.length !== 1) over.push(`the first load references ${boot.length} wasm modules (expected the boot module alone)`);
if (boot.some(isManage)) over.push('the manage wasm module is on the boot path');

const lazyModules = lazy.map((f) => ({
  name: isManage(f) ? 'manage wasm module' : `lazy wasm ${f}`,
  size: gz(join('assets', f)),
}));
if (!lazyModules.some((m) => m.name === 'manage wasm module') && !boot.some(isManage)) {
  // No screen imports manageDomain.ts yet, so the build has no copy: measure the package.
  lazyModules.push({ name: 'manage wasm module (src/wasm-manage-pkg, not in the build yet)', size: gzBytes(managePkg) });
}
for (const { name, size } of lazyModules) {
  console.log(`${`${name}, gzipped:`.padEnd(32)} ${kb(size)}  (budget ${kb(budgets.lazyWasm)})`);
  if (size > budgets.lazyWasm) over.push(name);
}
if (over.length > 0) {
  console.error(`over budget: ${over.join('; ')}`);
  process.exit(1);
}
