// Billing as people meet it, against the real server and the fake payment provider started by
// global-setup. The admin of the seeded organisation whose trial lapsed a month ago
// (free@demo.switchboard.test, back on Free) signs in: the trial-ended banner shows and, once
// closed, stays closed; the upgrade popup shows the expired-plan text once; from billing the plan
// chooser buys Teams annually in rupees for 4 seats; the provider's page takes the payment, its
// signed notifications reach the server, and the checkout page shows Teams with 4 seats. A new
// person without an organisation meets the individual-account text.
import { expect, test, signInWithCode, type Page } from './fixtures';

const LAPSED_ADMIN = 'free@demo.switchboard.test';

async function signIn(page: Page, email: string) {
  await signInWithCode(page, email);
}

test('the lapsed admin is told, buys Teams for 4 seats in rupees, pays, and sees the plan', async ({ page, context }) => {
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
  await expect(teams.getByTestId('plan-total')).toHaveText('₹1,478.40 a month for 4 seats');

  // Checkout opens the provider's page in a new tab.
  const opened = context.waitForEvent('page');
  await teams.getByRole('button', { name: 'Upgrade to Teams' }).click();
  const pay = await opened;
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
  await expect(pay.getByTestId('history')).toContainText('Subscription started');
  await expect(pay.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(pay.getByTestId('trial-ended-banner')).toHaveCount(0);
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
