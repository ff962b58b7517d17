// Billing as people meet it, against the real server and the fake payment provider started by
// global-setup. The admin of the seeded organisation whose trial lapsed a month ago
// (free@demo.switchboard.test, back on Free) signs in: the trial-ended banner shows and, once
// closed, stays closed; the upgrade popup shows the expired-plan text once; from billing the plan
// chooser buys Teams annually in rupees for 4 seats, showing the year's amount; the provider's
// page takes the payment in the same tab, its signed notifications reach the server, and the
// checkout page shows Teams with 4 seats. Billing then reads its history as sentences; a seat
// change shows its toast and its invoice; a decrease is scheduled, not offered again, and
// cancelled. A new person without an organisation meets the individual-account text.
import { expect, test, signInWithCode, type Page } from './fixtures';

const LAPSED_ADMIN = 'free@demo.switchboard.test';

async function signIn(page: Page, email: string) {
  await signInWithCode(page, email);
}

test('the lapsed admin is told, buys Teams for 4 seats in rupees, pays, sees the plan and changes seats', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, LAPSED_ADMIN);
  await expect(page).toHaveURL(/\/conversations\/analytics$/);

  // The upgrade popup (001 §4): on Free after the plan expired.
  const popup = page.getByRole('dialog', { name: 'Oops! Looks like your plan has expired!' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("You don't have Teams plan")).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Book a demo' })).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  // The trial-ended banner (000 §2): closed, it stays closed, also after a reload.
  const banner = page.getByTestId('trial-ended-banner');
  await expect(banner).toContainText('Your free trial has ended');
  await expect(banner.getByRole('button', { name: 'Upgrade now' })).toBeVisible();
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByTestId('upgrade-card')).toBeVisible();
  await expect(banner).toBeHidden();
  // The popup showed once this session.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Billing: Free, three seats, no invoices yet.
  await page.goto('/settings/billing');
  await expect(page.getByTestId('plan-name')).toHaveText('Free');
  await expect(page.getByTestId('plan-ended')).toHaveText('Your Teams plan has ended.');
  await expect(page.getByTestId('seats-issued')).toHaveText('3');
  await expect(page.getByTestId('invoices-empty')).toBeVisible();

  // The plan chooser: Monthly first, then Annually in rupees for 4 seats.
  await page.getByRole('button', { name: 'Choose a plan' }).first().click();
  const chooser = page.getByRole('dialog', { name: 'Choose the right plan' });
  await expect(chooser).toBeVisible();
  const teams = chooser.getByRole('article', { name: 'Teams' });
  await expect(teams.getByTestId('plan-price')).toHaveText('$12.00');
  await expect(chooser.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await chooser.getByText('Annually', { exact: true }).click();
  await expect(teams.getByTestId('annual-badge')).toHaveText('23% Off');
  await chooser.getByLabel('Currency').selectOption('INR');
  await expect(teams.getByTestId('plan-price')).toHaveText('₹369.60');
  await chooser.getByLabel('Seats').fill('4');
  // An annual plan says what the year costs: the amount the checkout charges (4 × 443 520 paise).
  await expect(teams.getByTestId('plan-total')).toHaveText('₹17,740.80 a year for 4 seats, billed yearly');

  // Checkout goes to the provider's page in this tab (no tab is left on the old plan).
  await teams.getByRole('button', { name: 'Upgrade to Teams' }).click();
  const pay = page;
  await pay.waitForURL(/\/stripe\/pay\/[^/]+$/);
  await expect(pay.getByRole('heading', { name: 'Pay Teams' })).toBeVisible();
  await expect(pay.getByText(/4 × 443520 inr per year/)).toBeVisible();
  await expect(pay.getByRole('link', { name: 'Cancel' })).toBeVisible();
  await pay.getByRole('button', { name: 'Pay' }).click();

  // Back on the product: the plan once the signed notifications are applied.
  await pay.waitForURL(/\/checkout\?status=paid&session_id=/);
  await expect(pay.getByText('Thank you! Your payment went through.')).toBeVisible();
  await expect(pay.getByTestId('checkout-plan')).toHaveText('Teams · 4 seats', { timeout: 20_000 });

  // Billing now shows the subscription.
  await pay.goto('/settings/billing');
  await expect(pay.getByTestId('plan-name')).toHaveText('Teams');
  await expect(pay.getByTestId('plan-standing')).toHaveText('Active');
  await expect(pay.getByTestId('seats-issued')).toHaveText('4');
  await expect(pay.getByTestId('invoices')).toContainText('₹17,740.80');
  await expect(pay.getByTestId('plan-term')).toHaveText(/^Renews on /);
  await expect(pay.getByTestId('estimated-amount')).toHaveText('₹17,740.80 a year');
  const history = pay.getByTestId('history');
  await expect(history).toContainText('Subscription to Teams started with 4 seats');
  await expect(history).toContainText('₹17,740.80 a year');
  await expect(history).toContainText('Invoice of ₹17,740.80 paid');
  await expect(history).not.toContainText('_');
  await expect(pay.getByTestId('history-zone')).toContainText('Times in');
  await expect(pay.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(pay.getByTestId('trial-ended-banner')).toHaveCount(0);

  // A seat change: empty until typed, previewed, confirmed — a toast and its invoice.
  const seats = pay.getByTestId('seats-card');
  const field = seats.getByLabel('New number of seats');
  await expect(field).toHaveValue('');
  await field.fill('6');
  await seats.getByRole('button', { name: 'Preview the change' }).click();
  await expect(seats.getByTestId('seat-preview')).toContainText('4 → 6 seats');
  await seats.getByRole('button', { name: 'Confirm' }).click();
  await expect(pay.getByText(/^Seats changed from 4 to 6\. Charged now: ₹[\d,]+\.\d\d\.$/)).toBeVisible();
  const invoice = seats.getByTestId('seat-change-invoice');
  await expect(invoice).toContainText(/Charged now: ₹[\d,]+\.\d\d/);
  await expect(invoice).toContainText('₹26,611.20');
  await expect(pay.getByTestId('seats-issued')).toHaveText('6');
  await expect(history).toContainText('Seats increased from 4 to 6');

  // Past the maximum is said, grouped, and cannot be previewed.
  await field.fill('100000');
  await expect(field).toHaveValue('100,000');
  await expect(seats.getByText('At most 10,000 seats on one plan')).toBeVisible();
  await expect(seats.getByRole('button', { name: 'Preview the change' })).toBeDisabled();

  // A decrease waits for the period's end: shown as scheduled, not offered again, cancelled.
  await field.fill('5');
  await seats.getByRole('button', { name: 'Preview the change' }).click();
  await seats.getByRole('button', { name: 'Confirm' }).click();
  await expect(seats.getByTestId('seats-scheduled')).toContainText('your seats go from 6 to 5');
  await expect(seats.getByLabel('New number of seats')).toHaveCount(0);
  await seats.getByRole('button', { name: 'Cancel the decrease' }).click();
  await expect(pay.getByText('Scheduled decrease cancelled: you keep 6 seats.')).toBeVisible();
  await expect(seats.getByTestId('seats-scheduled')).toHaveCount(0);
  await expect(history).toContainText('Scheduled decrease to 5 seats cancelled: 6 seats kept');
  expect(errors).toEqual([]);
});

test('a new person without an organisation sees the individual-account text', async ({ page }) => {
  const email = `individual-${Date.now()}@example.com`;
  await signIn(page, email);
  // A first sign-in offers to create an organisation; the person goes to the dashboard instead.
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.goto('/conversations/analytics');
  const popup = page.getByRole('dialog', { name: 'Oops! Looks like you are on individual account!' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Switch now to teams to keep enjoying Switchboard with all features.')).toBeVisible();
  await expect(popup.getByText("You don't have Teams plan")).toBeVisible();
  await popup.getByRole('button', { name: 'Switch Now' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('billing-payer')).toHaveText('Your personal workspace');
  // No trial notice or banner for a personal workspace.
  await expect(page.getByTestId('trial-ended-banner')).toHaveCount(0);
  await expect(page.getByTestId('trial-notice')).toHaveCount(0);
});
