// What a browser receives from `switchboard serve` (issue #13), counted by Chromium itself
// (CDP's encodedDataLength: bytes over the wire, headers included): the first load of
// /workspace/signup, with compression, stays within 260 KB; a second visit in the same browser
// fetches only the page and API calls (every hashed asset comes from the cache). The figures are
// printed and, when TRANSFER_REPORT names a file, written there (`just bench-web`).
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const FIRST_LOAD_BUDGET = 260 * 1024;

interface Fetched {
  url: string;
  bytes: number;
  fromCache: boolean;
  encoding: string;
}

/** Records every request the page makes until `stop()`. */
async function recordNetwork(page: Page): Promise<{ cdp: CDPSession; list: () => Fetched[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Fetched>();
  cdp.on('Network.requestWillBeSent', (e) => {
    byId.set(e.requestId, { url: e.request.url, bytes: 0, fromCache: false, encoding: '' });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const f = byId.get(e.requestId);
    if (f) f.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const f = byId.get(e.requestId);
    if (!f) return;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) f.fromCache = true;
    const h = e.response.headers as Record<string, string>;
    f.encoding = h['content-encoding'] ?? h['Content-Encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const f = byId.get(e.requestId);
    if (f) f.bytes = e.encodedDataLength;
  });
  return { cdp, list: () => [...byId.values()] };
}

async function visitSignup(page: Page) {
  await page.goto('/workspace/signup', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('Work e-mail')).toBeVisible();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const overWire = (list: Fetched[]) => list.filter((f) => !f.fromCache && f.bytes > 0);
const sum = (list: Fetched[]) => list.reduce((n, f) => n + f.bytes, 0);

test('the first load of the sign-up page fits 260 KB over the wire and a second visit fetches only the page and API calls', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const one = await recordNetwork(first);
  await visitSignup(first);
  const firstList = overWire(one.list());
  const firstBytes = sum(firstList);
  await first.close();

  const second = await context.newPage();
  const two = await recordNetwork(second);
  await visitSignup(second);
  const secondList = overWire(two.list());
  const secondBytes = sum(secondList);
  await context.close();

  const lines = [
    `first load of /workspace/signup: ${kb(firstBytes)} over the wire in ${firstList.length} responses (budget ${kb(FIRST_LOAD_BUDGET)})`,
    ...firstList.map((f) => `  ${kb(f.bytes).padStart(9)}  ${f.encoding.padEnd(4)}  ${new URL(f.url).pathname}`),
    `second visit: ${kb(secondBytes)} over the wire in ${secondList.length} responses`,
    ...secondList.map((f) => `  ${kb(f.bytes).padStart(9)}  ${f.encoding.padEnd(4)}  ${new URL(f.url).pathname}`),
  ];
  console.log(lines.join('\n'));
  if (process.env.TRANSFER_REPORT) {
    writeFileSync(
      process.env.TRANSFER_REPORT,
      JSON.stringify({ firstBytes, secondBytes, first: firstList, second: secondList }, null, 2),
    );
  }

  // Every script, style sheet and the wasm module above the 1 KB floor came compressed.
  for (const f of firstList) {
    if (/\.(js|css|wasm)$/.test(new URL(f.url).pathname) && f.bytes > 2048) expect(f.encoding, f.url).toMatch(/^(br|gzip)$/);
  }
  expect(firstBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  // The second visit: the page (revalidated) and API answers only.
  const paths = secondList.map((f) => new URL(f.url).pathname);
  expect(paths.filter((p) => !(p === '/workspace/signup' || p.startsWith('/api/')))).toEqual([]);
  expect(paths).toContain('/workspace/signup');
});
