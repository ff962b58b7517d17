// The frame's notification centre (issue #28, item 4), in a browser set to Asia/Kolkata with the
// notification permission granted and the page's clock under the test's control: a new
// organisation's owner creates a reminder due in about a minute from the bell's quick-reminder
// form ('Reminder created successfully'); it waits under Upcoming; once the clock passes its time
// the scheduler tells the user in the open app (a toast) and through the browser's Notification
// API, the bell counts it and it shows under Pending; ticking it there completes it.
import { expect, test, signInWithCode, type Page } from './fixtures';

const ZONE = 'Asia/Kolkata';
test.use({ timezoneId: ZONE, locale: 'en-US' });

/** `YYYY-MM-DDTHH:MM` of `ms` on the wall clock of the zone. */
function localInZone(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A new person signs in with a code from the mailbox and creates an organisation. */
async function newOwner(page: Page) {
  await signInWithCode(page, `reminders-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Reminder Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

test('a follow-up due in 1 minute shows in Pending with a notification', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // Every system notification the page shows, recorded (and still shown).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: Array<{ title: string; body: string }> = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body ?? '' });
        super(title, options);
      }
    }
    window.Notification = Recorded;
  });
  await page.clock.install();
  await newOwner(page);

  // The bell, with nothing due yet.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByTestId('centre-empty-pending')).toHaveText('Nothing is due right now.');
  // Permission was granted through the browser, so the centre does not ask for it.
  await expect(centre.getByRole('button', { name: 'Enable desktop notifications' })).toHaveCount(0);

  // A reminder in the next minute but one (the server refuses a time that has passed).
  await centre.getByRole('button', { name: 'Quick reminder' }).click();
  const form = page.getByRole('form', { name: 'Quick reminder' });
  const due = localInZone(Date.now() + 2 * 60_000);
  await form.getByLabel('Title').fill('Call Asha about the renewal');
  await form.getByLabel('Date and time').fill(due);
  await form.getByLabel('Comment (optional)').fill('She asked for the annual price.');
  await form.getByLabel('Email (optional)').fill('asha@example.com');
  await form.getByRole('button', { name: 'Create reminder' }).click();
  await expect(page.getByText('Reminder created successfully')).toBeVisible();
  await expect(form).toHaveCount(0);

  await bell.click();
  await centre.getByRole('tab', { name: /Upcoming/ }).click();
  await expect(centre.getByTestId('centre-list-upcoming').getByTestId('centre-item-title')).toHaveText('Call Asha about the renewal');
  await page.keyboard.press('Escape');
  await expect(centre).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications)).toEqual([]);

  // Its time comes.
  await page.clock.fastForward('03:00');
  await expect(page.getByText(/^Reminder: Call Asha about the renewal is due/)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications: 1 due');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: Array<{ title: string; body: string }> }).shownNotifications))
    .toEqual([{ title: 'Switchboard reminder', body: expect.stringMatching(/^Reminder: Call Asha about the renewal is due/) }]);

  await bell.click();
  const pending = centre.getByTestId('centre-list-pending');
  await expect(pending.getByTestId('centre-item-title')).toHaveText('Call Asha about the renewal');
  await expect(centre.getByTestId('centre-count-pending')).toHaveText('1');

  // Another minute: no second notification.
  await page.clock.fastForward('01:00');
  await expect(centre.getByTestId('centre-count-pending')).toHaveText('1');
  expect(await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications)).toHaveLength(1);
});
