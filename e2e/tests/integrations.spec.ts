// The Integrations screen against the real server and the loopback fake providers started by
// global-setup: an organisation admin links Freshdesk and LeadSquared through their modals (the
// server checks the keys with the fakes), sees them Connected and unlinks them; a wrong key
// reads the spec's message; the organisation's webhook takes the receiver's URL and turns on.
import { expect, test, signInWithCode, type Page } from './fixtures';

async function signUpWithOrganisation(page: Page) {
  const email = `integrations-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Hooks and Leads Ltd');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function unlink(page: Page, name: string) {
  await page.getByRole('button', { name: 'Unlink' }).click();
  const dialog = page.getByRole('dialog', { name: `Unlink ${name}` });
  await expect(dialog.getByText(`Are you sure you want to unlink ${name}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText(`${name} unlinked successfully`)).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Not connected');
}

test('link and unlink Freshdesk and LeadSquared, and turn the organisation webhook on', async ({ page, consoleGuard }) => {
  // The wrong Freshdesk key below is refused with a 422, which Chromium logs.
  consoleGuard.allow(/status of 422 .*\/freshdesk\/createauth/);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signUpWithOrganisation(page);

  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  // The eight providers, and the Team inbox (the shared number) for an organisation's admin.
  await expect(page.getByRole('article')).toHaveCount(9);
  await expect(page.getByRole('article', { name: 'Team inbox' })).toBeVisible();
  await expect(card(page, 'Freshdesk').getByTestId('connected-state')).toHaveText('Not connected');

  // Freshdesk: a wrong key is refused with the spec's words, the right one links.
  await card(page, 'Freshdesk').getByRole('button', { name: 'Configure Freshdesk' }).click();
  await expect(page).toHaveURL(/section=freshdesk/);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Connect to Freshdesk' });
  await dialog.getByLabel('Freshdesk domain').fill('acme.freshdesk.com');
  await dialog.getByLabel('API key').fill('wrong-key');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Wrong Api Key or domain')).toBeVisible();
  await dialog.getByLabel('API key').fill(process.env.SWITCHBOARD_E2E_FRESHDESK_KEY!);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Freshdesk linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await page.getByRole('link', { name: 'Back to integrations' }).click();
  await expect(card(page, 'Freshdesk').getByTestId('connected-state')).toHaveText('Connected');
  await card(page, 'Freshdesk').getByRole('button', { name: 'Configure Freshdesk' }).click();
  await unlink(page, 'Freshdesk');

  // LeadSquared, opened and started by the query parameters (section, action=connect).
  await page.goto('/integrations?section=leadsquared&action=connect');
  dialog = page.getByRole('dialog', { name: 'Connect to LeadSquared' });
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Please fill all the fields to continue...')).toBeVisible();
  await dialog.getByLabel('Host Name').fill('api-in21.leadsquared.com');
  await dialog.getByLabel('Access Key').fill(process.env.SWITCHBOARD_E2E_LEADSQUARED_ACCESS!);
  await dialog.getByLabel('Secret Key').fill(process.env.SWITCHBOARD_E2E_LEADSQUARED_SECRET!);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('LeadSquared linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await page.reload();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await unlink(page, 'LeadSquared');

  // The organisation's webhook: the receiver's URL, locked once saved; Turn On, then Turn Off.
  await page.goto('/integrations?section=webhooks');
  await expect(page.getByRole('button', { name: 'Turn On' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill(process.env.SWITCHBOARD_E2E_HOOK_URL!);
  await page.getByRole('button', { name: 'Save Webhook URL' }).click();
  await expect(page.getByText('Endpoint saved successfully').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Webhook URL' })).toBeDisabled();
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(process.env.SWITCHBOARD_E2E_HOOK_URL!);

  expect(errors).toEqual([]);
});

test('connect HubSpot through its consent popup against the fake provider, then unlink', async ({ page }) => {
  await signUpWithOrganisation(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const probe = await page.request.get(
    `/api/v1/whatzapp/integrations/hubspot/authorize?workspace_id=${session.user.id}`,
  );
  expect(probe.ok(), 'the server issues a HubSpot consent URL').toBeTruthy();

  await page.goto('/integrations?section=hubspot');
  await expect(page.getByTestId('connected-state')).toHaveText('Not connected');
  await expect(page.getByText('Please allow popup window')).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupOpened;
  // The fake consents at once; the popup hands the code to the server, announces and closes.
  await popup.waitForEvent('close', { timeout: 15_000 });
  await expect(page.getByText('HubSpot linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await page.reload();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await unlink(page, 'HubSpot');
});

test('connect Bitrix24 through the domain modal and the portal consent, then unlink', async ({ page }) => {
  await signUpWithOrganisation(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const probe = await page.request.get(
    `/api/v1/whatzapp/integrations/bitrix/authorize?workspace_id=${session.user.id}&domain=acme.bitrix24.com`,
  );
  expect(probe.ok(), 'the server issues a Bitrix24 consent URL').toBeTruthy();

  // action=connect opens the domain modal; same tab keeps the flow in this page.
  await page.goto('/integrations?section=bitrix&action=connect&openinsametab=true');
  const dialog = page.getByRole('dialog', { name: 'Connect to Bitrix24' });
  await dialog.getByLabel('Bitrix24 domain').fill('acme.example.com');
  await expect(dialog.getByText('Domain name must include .bitrix')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Bitrix24 domain').fill('acme.bitrix24.com/');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Bitrix24 linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await expect(page).toHaveURL(/section=bitrix$/);
  await unlink(page, 'Bitrix24');
});

test('connect Zoho through its consent popup: the state is checked and the accounts server passed on', async ({ page }) => {
  await signUpWithOrganisation(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const probe = await page.request.get(`/api/v1/whatzapp/integrations/zoho/authorize?workspace_id=${session.user.id}`);
  expect(probe.ok(), 'the server issues a Zoho consent URL').toBeTruthy();

  await page.goto('/integrations?section=zoho');
  await expect(page.getByTestId('connected-state')).toHaveText('Not connected');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close', { timeout: 15_000 });
  await expect(page.getByText('Zoho linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await unlink(page, 'Zoho');
});

test('connect Salesforce through its consent popup, then unlink', async ({ page }) => {
  await signUpWithOrganisation(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const probe = await page.request.get(`/api/v1/whatzapp/integrations/salesforce/authorize?workspace_id=${session.user.id}`);
  expect(probe.ok(), 'the server issues a Salesforce consent URL').toBeTruthy();

  await page.goto('/integrations?section=salesforce');
  await expect(page.getByTestId('connected-state')).toHaveText('Not connected');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close', { timeout: 15_000 });
  await expect(page.getByText('Salesforce linked successfully')).toBeVisible();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await unlink(page, 'Salesforce');
});

test('connect Google Sheet through its consent popup, change its label, then unlink', async ({ page }) => {
  await signUpWithOrganisation(page);
  await page.goto('/integrations?section=googleSheet');
  await expect(page.getByTestId('connected-state')).toHaveText('Not connected');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupOpened;
  // The fake consents at once; back in the popup the sync modal asks for the label.
  const sync = popup.getByRole('dialog', { name: 'Sync to Google Sheet' });
  await expect(sync.getByLabel('Label Name')).toHaveValue('Google Sheet');
  await sync.getByLabel('Label Name').fill('Leads');
  await sync.getByRole('button', { name: 'Sync' }).click();
  await popup.waitForEvent('close', { timeout: 15_000 });
  await page.reload();
  await expect(page.getByTestId('connected-state')).toHaveText('Connected');
  await expect(page.getByTestId('sheet-label')).toHaveText('Leads');
  await expect(page.getByRole('link', { name: 'View Sheet' })).toHaveAttribute('href', /fake-sheet-\d+/);

  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('Label Name').fill('Hot leads');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Label name updated successfully')).toBeVisible();
  await expect(page.getByTestId('sheet-label')).toHaveText('Hot leads');
  await page.reload();
  await expect(page.getByTestId('sheet-label')).toHaveText('Hot leads');
  await unlink(page, 'Google Sheet');
});
