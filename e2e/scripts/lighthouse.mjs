// Lighthouse on the sign-up page and every public page (issue #28; `just bench-web`): starts
// `switchboard serve` on a fresh embedded SQLite file and a free loopback port, serving web/dist,
// then audits each page with Lighthouse's mobile defaults (a throttled mid-range phone) in
// Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default; never a downloaded browser).
// Prints performance and accessibility per page with the first paints, and writes the figures to
// LIGHTHOUSE_REPORT (default $TMPDIR/switchboard-lighthouse.json). Targets: performance ≥ 95,
// accessibility 100; with LIGHTHOUSE_ENFORCE=1 a page below them fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..', '..');
const ALL_PAGES = [
  '/workspace/signup',
  '/terms',
  '/privacy',
  '/faqs',
  '/features',
  '/howitworks',
  '/navcomp',
  '/feedback/contact',
  '/feedback/demo',
  '/feedback/uninstall',
];
/** LIGHTHOUSE_PAGES (comma-separated paths) audits only those. */
const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : ALL_PAGES;
const TARGET = { performance: 95, accessibility: 100 };

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address();
  await new Promise((ok) => s.close(ok));
  return port;
}

async function serve() {
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const bin = process.env.SWITCHBOARD_BIN ?? join(targetDir, 'debug', 'switchboard');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-lighthouse-'));
  const port = await freePort();
  const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite://${join(dataDir, 'lighthouse.db')}`,
      SWITCHBOARD_WEB_DIR: join(root, 'web', 'dist'),
      SWITCHBOARD_SECRET_KEY_FILE: join(dataDir, 'secret.key'),
      SWITCHBOARD_FILES__DIR: join(dataDir, 'files'),
      SWITCHBOARD_LOG: 'info',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('switchboard did not start in 60 s')), 60_000);
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString();
      const m = /serving at (http:\/\/[\d.:]+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`switchboard exited with ${code}: ${seen}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const ms = (audit) => (audit?.numericValue === undefined ? '-' : `${(audit.numericValue / 1000).toFixed(2)} s`);

const server = await serve();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
const results = [];
try {
  for (const path of PAGES) {
    const runner = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = runner.lhr;
    const a = lhr.audits;
    const failing = Object.values(a)
      .filter((x) => x.score !== null && x.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id && r.weight > 0))
      .map((x) => x.id);
    results.push({
      path,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: a['first-contentful-paint']?.numericValue,
      lcp: a['largest-contentful-paint']?.numericValue,
      tbt: a['total-blocking-time']?.numericValue,
      cls: a['cumulative-layout-shift']?.numericValue,
      si: a['speed-index']?.numericValue,
      accessibilityFailing: failing,
      failingNodes: failing.flatMap((id) => (a[id].details?.items ?? []).map((i) => `${id}: ${i.node?.selector ?? ''} ${i.node?.explanation ?? ''}`)),
      line: `${path.padEnd(20)} performance ${String(Math.round((lhr.categories.performance.score ?? 0) * 100)).padStart(3)}  accessibility ${String(Math.round((lhr.categories.accessibility.score ?? 0) * 100)).padStart(3)}  FCP ${ms(a['first-contentful-paint'])}  LCP ${ms(a['largest-contentful-paint'])}  TBT ${Math.round(a['total-blocking-time']?.numericValue ?? 0)} ms  CLS ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}${failing.length ? `  (accessibility: ${failing.join(', ')})` : ''}`,
    });
    console.log(results.at(-1).line);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const report = process.env.LIGHTHOUSE_REPORT ?? join(process.env.TMPDIR ?? tmpdir(), 'switchboard-lighthouse.json');
writeFileSync(report, JSON.stringify({ lighthouse: 'mobile defaults', target: TARGET, pages: results.map(({ line: _line, ...r }) => r) }, null, 2));
console.log(`figures written to ${report}`);
const below = results.filter((r) => r.performance < TARGET.performance || r.accessibility < TARGET.accessibility);
if (below.length) {
  console.log(`below the targets (performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}): ${below.map((r) => r.path).join(', ')}`);
  if (process.env.LIGHTHOUSE_ENFORCE === '1') process.exit(1);
}
