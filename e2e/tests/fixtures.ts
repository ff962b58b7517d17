// The `test` every journey uses: Playwright's, plus a guard that fails the test on any
// Content-Security-Policy violation the page meets (the server's CSP allows no inline script
// and no eval; issue #13). Chromium reports a violation on the console and as a
// `securitypolicyviolation` event; the init script (run by the browser itself, outside the
// page's CSP) turns each event into a console line, and both are collected.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ cspGuard: void }>({
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
});

export { expect };
export type { ConsoleMessage, Page, Response } from '@playwright/test';
