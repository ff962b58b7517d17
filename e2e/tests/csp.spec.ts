// The Content-Security-Policy really holds in Chromium (issue #13): on the app's own page an
// injected inline script is refused and reported as a violation — the very reports
// the `cspGuard` fixture (tests/fixtures.ts) turns into a failure in every other journey. This
// spec uses Playwright's plain `test`, since here the violations are the expected outcome.
import { expect, test } from '@playwright/test';

test('an injected inline script is refused on the app page and reported as a violation', async ({ page }) => {
  const reported: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) reported.push(m.text());
  });
  await page.goto('/workspace/signup');
  await expect(page.getByLabel('Work e-mail')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as { __inline?: boolean };
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const s = document.createElement('script');
    s.textContent = 'window.__inline = true;';
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 100));
    return { inline: w.__inline === true, violations };
  });
  expect(outcome.inline, 'the inline script did not run').toBe(false);
  expect(outcome.violations.some((v) => v.startsWith('script-src'))).toBe(true);
  await expect.poll(() => reported.length).toBeGreaterThan(0);
});
