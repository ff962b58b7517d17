// The sync engine end to end (issue #7): an organisation admin saves the webhook at the fake
// providers' receiver, sees the signing secret once, turns the webhook on, and two chat messages
// posted through the events API with the page's own session reach the receiver — both rows of
// the delivery log become Delivered on their own — and one is resent and delivered again.
import { expect, test, signInWithCode, type Page } from './fixtures';

async function signUpWithOrganisation(page: Page) {
  const email = `sync-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Sync Traders Ltd');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

const row = (page: Page, messageId: string) => page.locator(`[data-testid="delivery-row"][data-message-id="${messageId}"]`);

test('webhook deliveries: the secret shown once, two messages delivered, one resent', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signUpWithOrganisation(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const orgId = Number(await page.evaluate(() => localStorage.getItem('currentOrgId')));
  expect(orgId, 'the organisation is the current one').toBeGreaterThan(0);

  // The first save answers the signing secret, shown once.
  await page.goto('/integrations?section=webhooks');
  await expect(page.getByText('No deliveries yet')).toBeVisible();
  await expect(page.getByText(/webhook-id, webhook-timestamp and webhook-signature/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill(process.env.SWITCHBOARD_E2E_HOOK_URL!);
  await page.getByRole('button', { name: 'Save Webhook URL' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveText(/^whsec_\S+$/);
  await expect(page.getByText(/This secret is shown only once/)).toBeVisible();
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  await expect(page.getByText(/A signing secret is set/)).toBeVisible();
  await expect(page.getByTestId('signing-secret')).toHaveCount(0);

  // Two chat messages through the events API, with this page's session.
  const stamp = Date.now();
  const ids = [`true_919812345678@c.us_E2E${stamp}A`, `true_919812345678@c.us_E2E${stamp}B`];
  const events = ids.map((id, i) => ({
    MessageId: id,
    Message: `hello ${i + 1}`,
    Chatid: '919812345678@c.us',
    Ack: 1,
    Datetime: stamp - 60_000 + i,
    Direction: 'OUTGOING',
    ChannelName: 'WhatsApp',
    CreatedByUser: String(session.user.id),
    senderName: 'Asha',
  }));
  const posted = await page.request.post('/api/v2/events/messages', { data: { org_id: orgId, events } });
  expect(posted.ok(), await posted.text()).toBeTruthy();

  // The log shows both; while they are on their way it refreshes itself until Delivered.
  await page.getByRole('button', { name: 'Refresh' }).click();
  for (const id of ids) {
    await expect(row(page, id)).toBeVisible();
    await expect(row(page, id).getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 20_000 });
    await expect(row(page, id).getByTestId('delivery-attempts')).toHaveText('1/3');
  }
  await expect(row(page, ids[0]!).getByRole('cell', { name: '200', exact: true })).toBeVisible();

  // Resend one: queued again, then delivered on its first try again.
  await row(page, ids[0]!).getByRole('button', { name: `Resend ${ids[0]}` }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect(row(page, ids[0]!).getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 20_000 });
  await expect(row(page, ids[0]!).getByTestId('delivery-attempts')).toHaveText('1/3');
  await row(page, ids[0]!).getByRole('button', { name: `Show the attempts of ${ids[0]}` }).click();
  const tries = page.getByRole('table', { name: 'Attempts' });
  await expect(tries.getByText('Succeeded').first()).toBeVisible();

  // The webhook card tells when it last synced.
  await page.getByRole('link', { name: 'Back to integrations' }).click();
  await expect(page.getByRole('article', { name: 'Webhook' }).getByText(/^Last sync: /)).toBeVisible();

  expect(errors).toEqual([]);
});
