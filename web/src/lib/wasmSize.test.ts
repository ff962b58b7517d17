// The wasm budgets, checked on every test run rather than only by `just bench-web`: the module
// the boot path loads stays ≤ 60 KB gzipped and the manage tools' and insights' modules (loaded
// with their screens) ≤ 40 KB each. Vite ships these files byte for byte, so their gzipped size here is what
// the browser receives (web/scripts/size.mjs measures the built copies the same way).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipped = (pkg: string) =>
  gzipSync(readFileSync(join(__dirname, '..', pkg, 'switchboard_wasm_bg.wasm')), { level: 9 }).length;

describe('wasm budgets', () => {
  it('the boot module is at most 60 KB gzipped', () => {
    expect(gzipped('wasm-pkg')).toBeLessThanOrEqual(60 * 1024);
  });

  it('the manage tools module is at most 40 KB gzipped', () => {
    expect(gzipped('wasm-manage-pkg')).toBeLessThanOrEqual(40 * 1024);
  });

  it('the insights module is at most 40 KB gzipped', () => {
    expect(gzipped('wasm-insights-pkg')).toBeLessThanOrEqual(40 * 1024);
  });
});
