// Refer and Earn (issue #28): a person's link, opened by two friends who sign up with it, earns
// the referrer 1 USD of credit after the second; the first friend alone earns nothing yet.
import { expect, test, codeFor, signInWithCode, type Page } from './fixtures';

/** Signs `email` up from the referral `link`, as a friend who was sent it does. */
async function signUpFrom(page: Page, link: string, email: string) {
  await page.goto(link);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in code' }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const code = await codeFor(page, email);
  await page.getByRole('textbox', { name: 'Sign-in code' }).first().click();
  await page.keyboard.type(code);
  await expect(page).not.toHaveURL(/\/workspace\/signup/);
}

test('a referral link sign-up credits the referrer after the second friend', async ({ browser }) => {
  const stamp = Date.now();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithCode(page, `referrer-${stamp}@example.test`);
  await page.getByLabel('Organisation name').fill('Referring Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Refer and Earn' }).click();
  await expect(page).toHaveURL(/\/settings\/refer$/);
  const link = await page.getByTestId('referral-link').inputValue();
  expect(link).toMatch(/\/workspace\/signup\?ref=[A-Z0-9]{8}$/);
  await expect(page.getByTestId('referral-earned')).toHaveText('$0.00');

  for (const [i, friend] of [`friend-a-${stamp}@example.test`, `friend-b-${stamp}@example.test`].entries()) {
    const friendContext = await browser.newContext();
    await signUpFrom(await friendContext.newPage(), new URL(link).pathname + new URL(link).search, friend);
    await friendContext.close();
    await page.reload();
    await expect(page.getByTestId('referral-earned')).toHaveText(i === 0 ? '$0.00' : '$1.00');
  }
  await expect(page.getByTestId('credit-history')).toContainText('Two friends signed up');
  await context.close();
});
