// Leads on a phone (issue #29, "desktop and phone widths"): at 390×844 an admin finds the contact
// a chat made, opens it, puts a shared label on it, reads its timeline and adds a note there,
// selects it for a bulk change, and qualifies it from the team inbox's Lead panel — and nothing
// on the way is wider than the screen (the page never scrolls sideways; the table scrolls in
// its own box).
import type { Locator, Page } from '@playwright/test';
import { expect, test, signInWithCode } from './fixtures';

const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

/** The page itself does not scroll sideways. */
async function fitsThePage(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** `part` lies within the screen's width. */
async function fitsTheScreen(part: Locator) {
  await part.scrollIntoViewIfNeeded();
  const box = await part.boundingBox();
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
}

test('a lead is labelled, noted, selected and qualified on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const digits = `9197${String(stamp).slice(-8)}`;
  await signInWithCode(page, `leads-phone-${stamp}@example.test`);
  await page.getByLabel('Organisation name').fill('Pocket Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: number } };
  const orgId = (await (await page.request.get('/api/account/profile')).json()).org_id as number;
  const label = await page.request.post('/api/manage/labels', {
    data: { org_id: orgId, name: 'Wholesale', color: '#2E7D32', shared: true },
  });
  expect(label.ok(), await label.text()).toBeTruthy();
  const posted = await page.request.post('/api/v2/events/messages', {
    data: {
      org_id: orgId,
      events: [
        {
          MessageId: `false_${digits}@c.us_E2EPHONE${stamp}`,
          Message: 'Do you deliver to Pune on weekends?',
          Chatid: `${digits}@c.us`,
          Datetime: stamp - 5_000,
          Direction: 'INCOMING',
          ChannelName: 'Kavya Rao',
          CreatedByUser: String(session.user.id),
          senderName: 'Kavya Rao',
        },
      ],
    },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();

  await page.goto('/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const row = page.getByTestId('lead-row').filter({ hasText: `+${digits}` });
  await expect(row).toContainText('Kavya Rao');
  await fitsThePage(page);

  // Selected for a bulk change: the bar wraps within the screen.
  await row.getByRole('checkbox').check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar.getByTestId('bulk-count')).toBeVisible();
  await fitsTheScreen(bar);
  await fitsTheScreen(bar.getByRole('button', { name: 'Apply' }));
  await fitsThePage(page);
  await bar.getByRole('button', { name: 'Clear the selection' }).click();

  // The contact's drawer: a label put on, the timeline read, a note added.
  await row.getByRole('button', { name: 'Open Kavya Rao' }).click();
  const drawer = page.getByRole('dialog', { name: 'Kavya Rao' });
  const labels = drawer.getByTestId('contact-labels');
  await fitsTheScreen(labels);
  await labels.click();
  await page.getByRole('listbox', { name: 'Labels' }).getByRole('option', { name: 'Wholesale' }).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Contact successfully updated')).toBeVisible();
  const timeline = drawer.getByTestId('contact-timeline');
  await expect(timeline.getByText('Do you deliver to Pune on weekends?')).toBeVisible();
  await fitsTheScreen(timeline);
  await timeline.getByRole('button', { name: 'Add note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await fitsTheScreen(noteDialog.getByLabel('Note'));
  await noteDialog.getByLabel('Note').fill('Weekend delivery asked; call back Monday');
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(timeline.getByText('Weekend delivery asked; call back Monday')).toBeVisible();
  await fitsTheScreen(timeline.getByText('Weekend delivery asked; call back Monday'));
  await fitsThePage(page);
  await page.keyboard.press('Escape');

  // The team inbox's Lead panel, below the conversation on a phone.
  await page.goto('/team-inbox');
  await page.getByTestId('chatter-row').filter({ hasText: 'Kavya Rao' }).click();
  await page.getByTestId('panel-lead').click();
  const lead = page.getByTestId('chat-lead');
  await expect(lead.getByTestId('lead-contact')).toContainText('Kavya Rao');
  await lead.getByLabel('Lifecycle stage').selectOption('customer');
  await lead.getByRole('button', { name: 'Save' }).click();
  await expect(lead.getByTestId('lead-stage')).toHaveText('Customer');
  await fitsTheScreen(lead);
  await fitsTheScreen(lead.getByRole('button', { name: 'Save' }));
  await fitsThePage(page);
});
