// Navigation as a new admin meets it (issue #25): every manage tool (and the other areas) opens
// from the side navigation on a desktop and from the phone menu on a phone, the entry of the open
// page lit; an unknown address, signed in, shows the not-found page with the way back to the
// dashboard. The console guard (fixtures.ts) fails the test on any warning or error on the way.
import { expect, test, openPhoneMenu, signInWithCode, type Page } from './fixtures';

async function newAdmin(page: Page, who: string) {
  await signInWithCode(page, `${who}-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Compass Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

/** Every entry of the admin's navigation: its name, where it goes, the page's main heading. */
const ENTRIES: Array<[string, RegExp, string]> = [
  ['Quick replies', /\/quick-replies$/, 'Manage Tools'],
  ['Labels and funnels', /\/labels$/, 'Manage Tools'],
  ['User properties', /\/userproperties$/, 'Manage Tools'],
  ['Follow-ups', /\/quick-replies\/follow-ups$/, 'Manage Tools'],
  ['Scheduled messages', /\/quick-replies\/scheduled$/, 'Manage Tools'],
  ['Quick reply analytics', /\/quick-replies\/analytics$/, 'Quick reply analytics'],
  ['Dashboard', /\/conversations\/analytics$/, ''],
  ['Integrations', /\/integrations$/, 'Integrations'],
  ['Billing', /\/settings\/billing$/, 'Billing'],
  ['Failed payments', /\/failedtransactions$/, 'Failed Transactions'],
];

async function walk(page: Page, openMenu: () => Promise<void>) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (const [name, url, heading] of ENTRIES) {
    await openMenu();
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await openMenu();
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
}

test('a new admin reaches every area from the side navigation, each lit when open', async ({ page }) => {
  test.setTimeout(120_000);
  await newAdmin(page, 'nav-desktop');
  await walk(page, async () => {});
  // The account menu leads to Getting started.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Getting started' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a new admin reaches every area from the phone menu, which closes once one is chosen', async ({ page }) => {
    test.setTimeout(120_000);
    await newAdmin(page, 'nav-phone');
    const burger = page.getByRole('button', { name: 'Main menu' });
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await walk(page, () => openPhoneMenu(page, burger, nav));
    // Choosing an entry closes the menu.
    await nav.getByRole('link', { name: 'Integrations', exact: true }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(nav).toBeHidden();
  });
});

test('signed in, an unknown address shows the not-found page with the way to the dashboard', async ({ page }) => {
  await newAdmin(page, 'nav-404');
  await page.goto('/settings/billing/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/conversations\/analytics$/);
});
