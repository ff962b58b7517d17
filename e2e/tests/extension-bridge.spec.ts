// The extension bridge after a link (000 §9): with a stand-in for chrome.runtime that records
// every message and answers it, an organisation admin links Freshdesk through its modal against
// the loopback fake, and the extension id stored in localStorage (`extensionIdToSendMessageTo`;
// the server's configured ids, `client.extension_ids`, are messaged too) hears
// FRESHDESK_CONNECTED about 500 ms after the server accepted the link.
import { expect, test, signInWithCode, type Page } from './fixtures';

const EXTENSION_ID = 'e2e-bridge-extension-id';

interface Sent {
  id: string;
  message: { type?: string };
  at: number;
}

/** A stand-in for chrome.runtime on every page of `page`: records each message (`window.__sent`)
 * and answers it; `remembered`, when given, is the stored `extensionIdToSendMessageTo`. */
async function stubExtension(page: Page, remembered: string | null) {
  await page.addInitScript((id: string | null) => {
    const w = window as unknown as { __sent: Sent[]; chrome?: Record<string, unknown> };
    w.__sent = [];
    if (id) window.localStorage.setItem('extensionIdToSendMessageTo', id);
    const runtime = {
      sendMessage(to: string, message: { type?: string }, callback?: (reply: unknown) => void) {
        w.__sent.push({ id: to, message, at: performance.now() });
        if (callback) window.setTimeout(() => callback({ ok: true }), 0);
      },
    };
    const chrome = w.chrome ?? {};
    Object.defineProperty(chrome, 'runtime', { value: runtime, configurable: true, writable: true });
    if (!w.chrome) Object.defineProperty(window, 'chrome', { value: chrome, configurable: true, writable: true });
  }, remembered);
}

test('linking Freshdesk tells the stored extension id FRESHDESK_CONNECTED', async ({ page }) => {
  await stubExtension(page, EXTENSION_ID);
  await page.addInitScript(() => {
    const w = window as unknown as { __linkedAt?: number };
    // When the server accepted the link, on the page's clock.
    const fetch0 = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await fetch0(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/freshdesk/createauth') && res.ok) w.__linkedAt = performance.now();
      return res;
    };
  });

  // An organisation admin, signed in through the dev mailbox.
  const email = `bridge-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Bridge Traders Ltd');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // Link Freshdesk against the fake (global-setup points the server at it).
  await page.goto('/integrations');
  const card = page.getByRole('article', { name: 'Freshdesk' });
  await card.getByRole('button', { name: 'Configure Freshdesk' }).click();
  await expect(page).toHaveURL(/section=freshdesk/);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect to Freshdesk' });
  await dialog.getByLabel('Freshdesk domain').fill('acme.freshdesk.com');
  await dialog.getByLabel('API key').fill(process.env.SWITCHBOARD_E2E_FRESHDESK_KEY!);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Freshdesk linked successfully')).toBeVisible();

  const connected = async () =>
    (await page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent)).filter(
      (s) => s.message?.type === 'FRESHDESK_CONNECTED',
    );
  await expect.poll(async () => (await connected()).map((s) => s.id)).toContain(EXTENSION_ID);
  const sent = (await connected()).find((s) => s.id === EXTENSION_ID)!;
  expect(sent.message).toEqual({ type: 'FRESHDESK_CONNECTED' });
  const linkedAt = await page.evaluate(() => (window as unknown as { __linkedAt?: number }).__linkedAt);
  expect(linkedAt, 'the link request was seen').toBeDefined();
  // 000 §9: 500 ms after a link (a little slack for the timer).
  expect(sent.at - linkedAt!).toBeGreaterThanOrEqual(450);
});

test('connecting the extension in Settings hands it a token of its own, which stops working once disconnected', async ({ page, playwright }) => {
  await stubExtension(page, EXTENSION_ID);

  const email = `handover-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);

  await page.goto('/settings/extension');
  await expect(page.getByTestId('extension-tokens-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Connect the extension' }).click();
  await expect(page.getByText('The extension is connected.')).toBeVisible();
  await expect(page.getByTestId('extension-tokens').getByText('Browser extension')).toBeVisible();
  const handed = await page.evaluate(() =>
    (window as unknown as { __sent: Array<{ message: { type?: string; token?: string } }> }).__sent.find(
      (s) => s.message.type === 'SWITCHBOARD_EXTENSION_TOKEN',
    ),
  );
  const token = handed?.message.token ?? '';
  expect(token).toMatch(/^sbx_[0-9a-f]{64}$/);
  await expect(page.locator('body')).not.toContainText(token);

  // The extension's own calls work with it, from a client without the page's cookie.
  const extension = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const accounts = () =>
    extension.get(`/api/v2/auth/accounts?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
  const res = await accounts();
  expect(res.status()).toBe(200);
  expect((await res.json()).data.active_account.access_token).toBe(token);

  // Disconnected in Settings: the next call is refused.
  await page.getByRole('button', { name: 'Disconnect Browser extension' }).click();
  await page.getByRole('dialog', { name: 'Disconnect this extension?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('The extension is disconnected.')).toBeVisible();
  await expect(page.getByTestId('extension-tokens-empty')).toBeVisible();
  expect((await accounts()).status()).toBe(401);
  await extension.dispose();
});

test('with no id remembered, every message reaches both extension ids the server names', async ({ page }) => {
  const configured = process.env.SWITCHBOARD_E2E_EXTENSION_IDS!.split(',');
  await stubExtension(page, null);
  const heard = async (type: string) =>
    (await page.evaluate(() => (window as unknown as { __sent: Array<{ id: string; message: { type?: string } }> }).__sent))
      .filter((s) => s.message?.type === type)
      .map((s) => s.id)
      .sort();

  await signInWithCode(page, `ids-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Bridge Ids Ltd');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // Settings → Connect the extension: the token goes to both, and no warning shows.
  await page.goto('/settings/extension');
  await expect(page.getByTestId('extension-tokens-empty')).toBeVisible();
  await expect(page.getByTestId('extension-unconfigured')).toHaveCount(0);
  await page.getByRole('button', { name: 'Connect the extension' }).click();
  await expect(page.getByText('The extension is connected.')).toBeVisible();
  expect(await heard('SWITCHBOARD_EXTENSION_TOKEN')).toEqual(configured);

  // Support → Contact us: the extension opens its support chat (it answered: no new tab).
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  await expect.poll(() => heard('OPEN_SUPPORT_CHAT')).toEqual(configured);

  // An integration's page: Go back to WhatsApp.
  await page.goto('/integrations');
  await page.getByRole('article', { name: 'Freshdesk' }).getByRole('button', { name: 'Configure Freshdesk' }).click();
  await expect(page).toHaveURL(/section=freshdesk/);
  await expect(page.getByTestId('extension-unconfigured')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go back to WhatsApp' }).click();
  await expect.poll(() => heard('GO_BACK_TO_WHATSAPP')).toEqual(configured);
});
