// The planner as a new organisation's owner meets it (issue #18), in a browser set to
// Asia/Kolkata: Manage Tools › Scheduled messages — a weekly message to an Indian number is
// typed in and its next five sends are previewed (a week apart, at 09:00 in the chosen zone),
// then scheduled ('Message scheduled successfully') with a file uploaded behind a progress bar,
// and listed with 'Every 1 week, 5 times', its next send and the file, which downloads as sent; Manage Tools › Follow-ups — a follow-up is created ('Followup created
// successfully'), shows under Upcoming, is ticked and moves to Completed.
import { expect, test, signInWithCode, type Page } from './fixtures';

const ZONE = 'Asia/Kolkata';
const FILE = 'weekly-summary.pdf';
/** 160 KB of "PDF": the server keeps any file type; only its size is limited. */
const ATTACHMENT = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(160 * 1024, 0x20)]);
test.use({ timezoneId: ZONE, locale: 'en-US' });

/** A new person signs in with a code from the mailbox and creates an organisation. */
async function newOwner(page: Page) {
  const email = `planner-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Planner Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

/** `YYYY-MM-DD` of the day `days` from today in the zone. */
function dayInZone(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** "Jan 14, 2030" for a `YYYY-MM-DD` (noon UTC is the same day in Asia/Kolkata). */
const dateText = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );

test('a weekly scheduled message previews its next five sends, is scheduled and listed', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newOwner(page);

  await page.goto('/quick-replies/scheduled');
  await expect(page.getByRole('tab', { name: 'Scheduled messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('schedules-empty')).toContainText('No scheduled messages yet');
  await page.getByRole('button', { name: 'Schedule a message' }).click();
  const form = page.getByRole('form', { name: 'Schedule a message' });
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(ZONE);

  // The browser refuses a number without its country code (001 §5).
  await form.getByLabel("Recipient's phone number").fill('98123 45678');
  await form.getByLabel('Message').fill('Your weekly order summary is ready.');
  const first = dayInZone(3);
  await form.getByLabel('First send').fill(`${first}T09:00`);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('Invalid phone number. Phone numbers need a country code.')).toBeVisible();
  await form.getByLabel("Recipient's phone number").fill('+91 98123 45678');

  await form.getByLabel('Repeat', { exact: true }).selectOption('week');
  await form.getByLabel('Stop after (times)').fill('5');
  const sends = page.getByTestId('schedule-preview').getByTestId('preview-send');
  await expect(sends).toHaveCount(5);
  for (let k = 0; k < 5; k++) {
    await expect(sends.nth(k)).toContainText(dateText(dayInZone(3 + 7 * k)));
    await expect(sends.nth(k)).toContainText('09:00');
  }

  // An attachment, uploaded once the message is saved, over a slow uplink (64 KB/s) so its
  // progress bar can be seen.
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: FILE, mimeType: 'application/pdf', buffer: ATTACHMENT });
  await expect(form.getByTestId('attachment-chosen')).toContainText(FILE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('progressbar', { name: `Uploading ${FILE}` })).toBeVisible();
  await expect(page.getByText('Message scheduled successfully')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(form).toHaveCount(0);
  const card = page.getByTestId('schedule');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('schedule-recipient')).toHaveText('+919812345678');
  await expect(card.getByTestId('schedule-message')).toHaveText('Your weekly order summary is ready.');
  await expect(card.getByTestId('schedule-repeat')).toHaveText('Every 1 week, 5 times');
  await expect(card.getByTestId('schedule-next')).toContainText(dateText(first));
  await expect(card.getByTestId('schedule-next')).toContainText(`09:00 AM (${ZONE})`);
  await expect(card.getByTestId('schedule-counts')).toHaveText('Sent 0 · Failed 0 · Missed 0');
  const link = card.getByRole('link', { name: FILE });
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.ok()).toBeTruthy();
  expect(Buffer.compare(await download.body(), ATTACHMENT)).toBe(0);

  // Still there after a reload.
  await page.reload();
  await expect(page.getByTestId('schedule').getByTestId('schedule-repeat')).toHaveText('Every 1 week, 5 times');
  expect(errors).toEqual([]);
});

test('a follow-up is created, shows under Upcoming, and moves to Completed when ticked', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newOwner(page);

  await page.goto('/quick-replies/follow-ups');
  await expect(page.getByRole('tab', { name: 'Follow-ups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('empty-pending')).toBeVisible();
  await page.getByRole('button', { name: 'New follow-up' }).click();
  const form = page.getByRole('form', { name: 'New follow-up' });
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(ZONE);

  // 001 §5 'Please enter a title', from the rules in the browser.
  await form.getByRole('button', { name: 'Create follow-up' }).click();
  await expect(form.getByText('Please enter a title')).toBeVisible();

  await form.getByLabel('Title').fill('Call Ana about the invoice');
  await form.getByLabel('Date and time').fill(`${dayInZone(1)}T10:00`);
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Amount (optional)').fill('1500');
  await form.getByRole('button', { name: 'Create follow-up' }).click();
  await expect(page.getByText('Followup created successfully')).toBeVisible();
  await expect(form).toHaveCount(0);

  await expect(page.getByRole('tab', { name: /Upcoming/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('count-upcoming')).toHaveText('1');
  const item = page.getByTestId('follow-up');
  await expect(item.getByTestId('follow-up-title')).toHaveText('Call Ana about the invoice');
  await expect(item.getByTestId('priority')).toHaveText('High');
  await expect(item.getByTestId('follow-up-due')).toContainText(`${dateText(dayInZone(1))}, 10:00 AM (${ZONE})`);

  await page.getByRole('checkbox', { name: 'Mark “Call Ana about the invoice” complete' }).click();
  await expect(page.getByText('“Call Ana about the invoice” is complete.')).toBeVisible();
  await expect(page.getByTestId('count-upcoming')).toHaveText('0');
  await expect(page.getByTestId('count-completed')).toHaveText('1');
  await page.getByRole('tab', { name: /Completed/ }).click();
  await expect(page.getByTestId('follow-up').getByTestId('follow-up-title')).toHaveText('Call Ana about the invoice');
  await expect(page.getByTestId('follow-up').getByTestId('follow-up-completed')).toContainText('Completed');

  // Still completed after a reload.
  await page.reload();
  await expect(page.getByTestId('count-completed')).toHaveText('1');
  expect(errors).toEqual([]);
});
