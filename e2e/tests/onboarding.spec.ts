// Onboarding (issue #28 item 9): a new person answers the questionnaire at /onboarding, takes
// two steps of the guided tour of the frame, skips it, and after a reload resumes it at the
// same step from Getting started; the answers come back prefilled.
import { expect, test, signInWithCode } from './fixtures';

test('the questionnaire is saved, the tour skipped after two steps resumes at the same step after a reload', async ({ page }) => {
  const email = `onboarding-${Date.now()}@example.test`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Tour Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // Getting started, from the account menu.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Getting started' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const form = page.getByTestId('questionnaire');
  await form.getByLabel('11–50').check();
  await form.getByLabel('HubSpot').check();
  await form.getByLabel('Google Sheets').check();
  await form.getByLabel('Answer customers faster').check();
  await form.getByLabel('In your own words (optional)').fill('Reply to every lead within the hour');
  await page.getByTestId('questionnaire-save').click();
  await expect(page.getByTestId('tour-offer')).toBeVisible();
  const stored = await (await page.request.get('/api/account/onboarding')).json();
  expect(stored).toMatchObject({ team_size: '11_50', crms: ['hubspot', 'google_sheets'], goal: 'faster_support' });

  // The tour over the frame: two steps on, then skipped.
  await page.getByTestId('tour-start').click();
  await expect(page).toHaveURL(/\/conversations\/analytics$/);
  const progress = page.getByTestId('tour-progress');
  await expect(progress).toHaveText('Step 1 of 5');
  await expect(page.getByTestId('tour-highlight')).toHaveAttribute('data-step', 'navigation');
  await page.getByTestId('tour-next').click();
  await expect(progress).toHaveText('Step 2 of 5');
  await page.getByTestId('tour-next').click();
  await expect(progress).toHaveText('Step 3 of 5');
  await expect(page.getByTestId('tour-card')).toContainText('Integrations');
  await page.getByTestId('tour-skip').click();
  await expect(page.getByTestId('tour-card')).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get('/api/account/onboarding')).json()).tour_status)
    .toBe('skipped');

  // After a reload the tour stays closed; Getting started resumes it where it stopped.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('tour-card')).toBeHidden();
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Getting started' }).click();
  await expect(page.getByTestId('tour-offer')).toContainText('You stopped at step 3 of 5');
  await page.getByTestId('tour-start').click();
  await expect(progress).toHaveText('Step 3 of 5');
  await expect(page.getByTestId('tour-highlight')).toHaveAttribute('data-step', 'integrations');

  // The answers come back prefilled.
  await page.goto('/onboarding');
  await page.getByTestId('questionnaire-edit').click();
  await expect(page.getByTestId('questionnaire').getByLabel('11–50')).toBeChecked();
  await expect(page.getByTestId('questionnaire').getByLabel('In your own words (optional)')).toHaveValue('Reply to every lead within the hour');
});
