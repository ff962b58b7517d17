// Joining an organisation by its code (issue #28): an admin's organisation code, typed by a new
// person on the create-organisation page, sends a one-time code to that person's mailbox; left
// until it runs out the form says "Code Expired" and Join is off; a new code (after the server's
// wait) joins them, and they land in the organisation.
import { expect, test, codeFor, signInWithCode } from './fixtures';

test('joining with an expired code, then a good one, ends in the organisation', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();

  // The admin's organisation and its code.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithCode(admin, `join-admin-${stamp}@example.test`);
  await expect(admin).toHaveURL(/\/createorganization$/);
  await admin.getByLabel('Organisation name').fill('Joinable Traders');
  await admin.getByRole('button', { name: 'Create organisation' }).click();
  await expect(admin).toHaveURL(/\/organization$/);
  const orgCode = ((await admin.getByTestId('org-code').textContent()) ?? '').trim();
  expect(orgCode).toMatch(/^[A-Z0-9-]{4,32}$/);
  await adminContext.close();

  // A new person, on the page that would have them create one.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  const email = `join-member-${stamp}@example.test`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByTestId('open-join').click();
  const dialog = page.getByRole('dialog', { name: 'Join an organisation' });
  await dialog.getByTestId('join-org-code').fill('NOSUCH99');
  await dialog.getByTestId('join-send').click();
  await expect(dialog.getByTestId('join-error')).toHaveText('Enter valid organisation code to continue');
  await dialog.getByTestId('join-org-code').fill(orgCode.toLowerCase());
  await dialog.getByTestId('join-send').click();
  await expect(dialog.getByTestId('join-sent')).toHaveText(`We sent a code to ${email} to join Joinable Traders.`);
  const first = await codeFor(page, email);

  // Ten minutes later the code has run out.
  await page.clock.fastForward('10:01');
  await expect(dialog.getByTestId('join-countdown')).toHaveText('Code Expired');
  await expect(dialog.getByTestId('join-submit')).toBeDisabled();
  expect(first).toMatch(/^\d{6}$/);

  // A new code: the server lets one go a minute after the last.
  await expect(async () => {
    await dialog.getByTestId('join-resend').click();
    await expect(dialog.getByTestId('join-countdown')).toHaveText(/The code expires in 10:00|9:5\d/, { timeout: 2_000 });
  }).toPass({ intervals: [5_000], timeout: 90_000 });
  const second = await codeFor(page, email);
  expect(second).not.toBe(first);
  await dialog.getByTestId('join-otp').fill(second);
  await dialog.getByTestId('join-submit').click();

  await expect(page.getByText('Successfully joined organisation')).toBeVisible();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByTestId('org-code')).toHaveText(orgCode);
  await context.close();
});
