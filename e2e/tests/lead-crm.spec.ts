// Lead CRM with HubSpot (issue #29): a customer's first chat makes their contact, which the admin
// finds in /leads and qualifies; the HubSpot contact its logged chat made is found from the drawer
// and linked, and takes the stage and status; a deal
// of it is created (the contact's timeline shows the chat and the deal, and a note added there
// reaches HubSpot) and dragged to Closed Won on /leadcrm, and HubSpot's deal follows; an edit
// made in HubSpot comes back to /leads with a pull; the filtered view is exported as CSV and the
// file read back.
import { readFileSync } from 'node:fs';
import { expect, test, signInWithCode } from './fixtures';

const FAKES = process.env.SWITCHBOARD_E2E_FAKES_URL!;

interface HubRecord {
  id: string;
  properties: Record<string, string>;
  contact_id?: string;
}

interface HubActivity {
  contact_id: string;
  body?: string;
  kind?: string;
  subject?: string;
}

async function hubspot(
  request: import('@playwright/test').APIRequestContext,
): Promise<{ contacts: HubRecord[]; deals: HubRecord[]; activities: HubActivity[] }> {
  const res = await request.get(`${FAKES}/hubspot-api/__fake/state`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { contacts: HubRecord[]; deals: HubRecord[]; activities: HubActivity[] };
}

test('a chat becomes a qualified lead, a HubSpot contact and a won deal; HubSpot edits come back; the view exports', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const digits = `9198${String(stamp).slice(-8)}`;
  await signInWithCode(page, `leadcrm-${stamp}@example.test`);
  await page.getByLabel('Organisation name').fill('Pipeline Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const orgId = (await (await page.request.get('/api/account/profile')).json()).org_id as number;

  // HubSpot, connected through its consent popup.
  await page.goto('/integrations?section=hubspot');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await (await popupOpened).waitForEvent('close', { timeout: 15_000 });
  await expect(page.getByText('HubSpot linked successfully')).toBeVisible();

  // The customer's first chat (the extension reports it) makes their contact.
  const posted = await page.request.post('/api/v2/events/messages', {
    data: {
      org_id: orgId,
      events: [
        {
          MessageId: `false_${digits}@c.us_E2E${stamp}`,
          Message: 'Hello, is the annual plan still on offer?',
          Chatid: `${digits}@c.us`,
          Datetime: stamp - 5_000,
          Direction: 'INCOMING',
          // The chat's name, which the contact is named by.
          ChannelName: 'Meera Iyer',
          CreatedByUser: String(session.user.id),
          senderName: 'Meera Iyer',
        },
      ],
    },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();

  await page.goto('/leads');
  await page.getByLabel('Search').fill(digits.slice(-6));
  const row = page.getByTestId('lead-row').filter({ hasText: `+${digits}` });
  await expect(row).toContainText('Meera Iyer');
  await row.getByRole('button', { name: 'Open Meera Iyer' }).click();
  const drawer = page.getByRole('dialog', { name: 'Meera Iyer' });
  await drawer.getByLabel('Lifecycle stage').selectOption('salesqualifiedlead');
  await drawer.getByLabel('Lead status').selectOption('IN_PROGRESS');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Contact successfully updated')).toBeVisible();

  // The chat was logged in the admin's HubSpot, which made its contact there by the number:
  // found from the drawer and linked; the stage and status set here go to it.
  await drawer.getByRole('button', { name: 'Find in HubSpot' }).click();
  await drawer.getByRole('button', { name: 'Link Meera Iyer' }).click();
  await expect(page.getByText('Contact linked')).toBeVisible();
  await expect(drawer.getByText(/Linked to HubSpot record/)).toBeVisible();
  const inHubspot = async () => (await hubspot(request)).contacts.find((c) => c.properties.phone === `+${digits}`);
  await expect.poll(async () => (await inHubspot())?.properties.lifecyclestage).toBe('salesqualifiedlead');
  const made = (await inHubspot())!;
  expect(made.properties.hs_lead_status).toBe('IN_PROGRESS');

  // A deal of the contact, then dragged to Closed Won.
  await drawer.getByRole('button', { name: 'New deal' }).click();
  const dealDialog = page.getByRole('dialog', { name: 'New deal' });
  await dealDialog.getByLabel('Deal name').fill('Annual plan');
  await dealDialog.getByLabel('Amount').fill('1250.50');
  await dealDialog.getByRole('button', { name: 'Create deal' }).click();
  await expect(page.getByText('Deal created')).toBeVisible();

  // The contact's timeline holds the chat and the deal; a note added there reaches HubSpot.
  const timeline = drawer.getByTestId('contact-timeline');
  await expect(timeline.getByText('Hello, is the annual plan still on offer?')).toBeVisible();
  await timeline.getByRole('button', { name: 'Add note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await noteDialog.getByLabel('Note').fill('Wants two seats from January');
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(page.getByText('Also added in HubSpot')).toBeVisible();
  await expect(timeline.getByText('Wants two seats from January')).toBeVisible();
  await expect(timeline.getByText('Annual plan', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await hubspot(request)).activities.find((a) => a.body === 'Wants two seats from January')?.contact_id)
    .toBe(made.id);
  await page.keyboard.press('Escape');

  // Wide enough for the seven columns side by side (a narrower window scrolls the board, and a
  // drag across it is the phone's "Move to stage" menu's job).
  await page.setViewportSize({ width: 2200, height: 900 });
  await page.goto('/leadcrm');
  const card = page.getByTestId('deal-card').filter({ hasText: 'Annual plan' });
  await expect(page.getByTestId('deal-column-appointmentscheduled').getByTestId('deal-card')).toHaveCount(1);
  await card.dragTo(page.getByTestId('deal-column-closedwon'));
  await expect(page.getByTestId('deal-column-closedwon').getByTestId('deal-card').filter({ hasText: 'Annual plan' })).toBeVisible();
  await expect(page.getByText(/Annual plan moved to Closed Won/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('deal-column-closedwon').getByTestId('deal-card').filter({ hasText: 'Annual plan' })).toBeVisible();
  await expect
    .poll(async () => (await hubspot(request)).deals.find((d) => d.properties.dealname === 'Annual plan')?.properties.dealstage)
    .toBe('closedwon');
  const hub = await hubspot(request);
  expect(hub.deals.find((d) => d.properties.dealname === 'Annual plan')!.properties.amount).toBe('1250.50');

  // Someone edits the contact in HubSpot; a pull brings it to /leads.
  const edited = await request.post(`${FAKES}/hubspot-api/__fake/contacts/${made.id}`, {
    data: { properties: { company: 'Iyer Exports', jobtitle: 'Head of Buying' } },
  });
  expect(edited.ok()).toBeTruthy();
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Pull from CRM' }).click();
  await expect(page.getByText(/1 contact updated/)).toBeVisible();
  await page.getByLabel('Search').fill('Iyer Exports');
  await expect(page.getByTestId('lead-row').filter({ hasText: `+${digits}` })).toBeVisible();

  // The filtered view, exported and read back.
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Lifecycle stage').selectOption('salesqualifiedlead');
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Phone,Name,First name,Last name,Email');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`+${digits}`);
  expect(lines[1]).toContain('Iyer Exports');
  expect(lines[1]).toContain('Sales Qualified Lead');
});
