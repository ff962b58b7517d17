// No client secret, API key or token reaches the browser: the built bundle (web/dist, what the
// e2e server serves), the served HTML and the OpenAPI document hold none of the fake providers'
// secrets (crates/fakes/src/providers.rs: the OAuth client secret, the Freshdesk key, the
// LeadSquared keys, issued tokens) and no value of a secret-named variable in the test's
// environment.
import { expect, test } from './fixtures';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(import.meta.dirname, '..', '..', 'web', 'dist');

const NEEDLES = [
  // crates/fakes/src/providers.rs
  'fake-client-secret-0b9e4d',
  'fd-key-7Hq2Lm9XwPz4',
  'u$r-access-4c1e9a7b',
  'ls-secret-93fd0c2e5b1a',
  '-tok-access-',
  '-tok-refresh-',
  // Whatever secret-named settings this run was given.
  ...Object.entries(process.env)
    .filter(([name, value]) => /SECRET|TOKEN|PASSWORD|API_KEY/i.test(name) && (value ?? '').length >= 8)
    .map(([, value]) => value!),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function leaks(text: string): string[] {
  return NEEDLES.filter((n) => text.includes(n));
}

test('the built bundle holds no client secret, key or token', () => {
  const scripts = filesUnder(dist).filter((f) => f.endsWith('.js'));
  expect(scripts.length, `scripts in ${dist} (run vite build first)`).toBeGreaterThan(0);
  const found = scripts.flatMap((f) => leaks(readFileSync(f, 'utf8')).map((n) => `${f}: ${n}`));
  expect(found).toEqual([]);
});

test('the served HTML and the OpenAPI document hold none either', async ({ page }) => {
  for (const path of ['/', '/integrations', '/workspace/signup']) {
    const res = await page.request.get(path);
    expect(res.ok(), path).toBeTruthy();
    expect(leaks(await res.text()), path).toEqual([]);
  }
  const api = await page.request.get('/api/openapi.json');
  expect(api.ok()).toBeTruthy();
  const doc = await api.text();
  expect(doc).toContain('/api/v2/salesforce/record-types');
  expect(leaks(doc)).toEqual([]);
});
