// The `test` every journey uses: Playwright's, plus two guards that run in every test.
//
// - The CSP guard fails the test on any Content-Security-Policy violation the page meets (the
//   server's CSP allows no inline script and no eval; issue #13). Chromium reports a violation on
//   the console and as a `securitypolicyviolation` event; the init script (run by the browser
//   itself, outside the page's CSP) turns each event into a console line, and both are collected.
// - The console guard fails the test on any console warning or error and any uncaught page error
//   (issue #25), on every page of the test's context. A test that provokes one on purpose (a
//   refused form answers 4xx, which Chromium logs as "Failed to load resource") says so with
//   `consoleGuard.allow(/…/)`, naming what it expects. Pages of other origins (the fake payment
//   provider's checkout, say) are not the product's and are not watched.
import { test as base, expect, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export interface ConsoleGuard {
  /** Lets console lines matching `pattern` pass (for this test only). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ cspGuard: void; consoleGuard: ConsoleGuard }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      context.on('console', (m) => {
        const text = m.text();
        if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ context, baseURL }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      const ours = baseURL ? new URL(baseURL).origin : null;
      context.on('console', (m) => {
        const type = m.type();
        if (type !== 'error' && type !== 'warning') return;
        const where = m.location().url;
        const page = m.page()?.url() ?? '';
        if (ours && page.startsWith('http') && !page.startsWith(ours)) return;
        seen.push(`${type}: ${m.text()}${where ? ` (${where})` : ''}`);
      });
      context.on('weberror', (e) => seen.push(`uncaught: ${e.error().message}`));
      await use({ allow: (pattern) => void allowed.push(pattern) });
      const unexpected = seen.filter((line) => !allowed.some((re) => re.test(line)));
      expect(unexpected, 'console warnings and errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { ConsoleMessage, Page, Response } from '@playwright/test';

/** The six-digit sign-in code the development mailbox holds for `email`. */
export async function codeFor(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { messages: Array<{ body: string }> };
  const match = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '');
  expect(match, 'a six-digit code in the mail').not.toBeNull();
  return match![1]!;
}

/** Signs `email` in as a person does: the sign-up page, a code by mail, the code typed in. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  await page.goto('/workspace/signup');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const code = await codeFor(page, email);
  await page.getByRole('textbox', { name: 'Sign-in code' }).first().click();
  await page.keyboard.type(code);
}

/** Signs in with a code from the mailbox. Another journey may have asked a code for the same
 * person less than a minute ago; the server then says to wait, and the request is repeated. */
export async function signInPatiently(page: Page, email: string) {
  await page.goto('/workspace/signup');
  await page.getByLabel('Work e-mail').fill(email);
  const sent = page.getByText(`We sent a code to ${email}.`);
  const wait = page.getByText('Please wait before trying again');
  await expect(async () => {
    if (!(await sent.isVisible())) await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
    await expect(sent.or(wait)).toBeVisible();
    await expect(sent).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [5_000], timeout: 75_000 });
  const code = await codeFor(page, email);
  await page.getByRole('textbox', { name: 'Sign-in code' }).first().click();
  await page.keyboard.type(code);
  await expect(page).not.toHaveURL(/\/workspace\/signup$/);
}

/** The console errors and uncaught page errors of `page`, collected as they come. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Opens the phone menu with `burger` until `nav` stays open: it may still be closing from the
 * last choice when it is asked for again. */
export async function openPhoneMenu(page: Page, burger: Locator, nav: Locator): Promise<void> {
  await expect(async () => {
    if (!(await nav.isVisible())) await burger.click();
    await expect(nav).toBeVisible({ timeout: 1_000 });
    await page.waitForTimeout(300);
    await expect(nav).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 15_000 });
}
