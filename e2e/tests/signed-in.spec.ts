// The signed-in frame as a person meets it: sign in with a code from the mailbox, create an
// organisation, see its name (cut to 10 characters) in the top bar and the manager entries in
// the navigation, switch to the personal workspace through the switching popup, and log out.
import { expect, test, signInWithCode, type Page } from './fixtures';

test('create an organisation, switch to the personal workspace and log out', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const email = `owner-${Date.now()}@example.com`;

  await signInWithCode(page, email);

  // A first sign-in lands on the organisation form.
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Northwind Trading Company');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // 001 §2: the name is cut to 10 characters; admins see Team inbox and Organisation.
  await expect(page.getByTestId('top-bar-name')).toHaveText('Northwind…');
  await expect(page.getByRole('link', { name: 'Organisation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team inbox' })).toBeVisible();
  // The Teams trial includes the knowledge base (issue #24).
  await expect(page.getByRole('link', { name: 'Knowledge base (AI)' })).toBeVisible();

  // The navigation expands on hover; the upgrade card shows the new 7-day trial (001 §2, §4).
  await expect(page.getByTestId('upgrade-card')).not.toContainText('Upgrade now');
  await page.getByRole('navigation', { name: 'Main menu' }).hover();
  await expect(page.getByTestId('upgrade-card')).toContainText('Upgrade now');
  await expect(page.getByTestId('upgrade-card')).toContainText('Your free trial will expire in 7 days');
  await page.mouse.move(900, 500);

  // The getting-started checklist reflects real data: account and organisation done, CRM not.
  await page.goto('/onboarding');
  await expect(page.getByTestId('step_account').getByText('Done')).toBeVisible();
  await expect(page.getByTestId('step_organisation').getByText('Done')).toBeVisible();
  await expect(page.getByTestId('step_crm').getByRole('link', { name: 'Start' })).toBeVisible();
  await page.goto('/organization');

  // Switch to the personal workspace: the popup shows during the 3-second switch.
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('default-org-name')).toHaveText('Northwind Trading Company');
  await page.getByRole('menuitem', { name: 'Personal' }).click();
  await expect(page.getByTestId('switching-text')).toHaveText(
    /Please wait\.\. We are switching you to (Individual|Teams) account\./,
  );
  await expect(page.getByTestId('switching-text')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Organisation' })).toHaveCount(0);

  // Log out: the session is gone and protected pages send you to sign in.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/workspace\/signup$/);
  await page.goto('/integrations');
  await expect(page).toHaveURL(/\/workspace\/signup$/);
  const stored = await page.evaluate(() => ({
    org: localStorage.getItem('currentOrgId'),
    workspace: localStorage.getItem('workspaceId'),
  }));
  expect(stored).toEqual({ org: null, workspace: null });
  expect(errors).toEqual([]);
});
