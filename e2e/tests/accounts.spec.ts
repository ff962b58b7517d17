// The account journey end to end, against the real server: a new person signs up with a code
// from the development mailbox, creates an organisation, opens it, creates a team, imports
// three employees from a CSV with one bad row — seeing that row reported and the two good ones
// listed — and logs out. No console errors on the way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, codeFor, collectConsoleErrors } from './fixtures';

/** The six-digit code of the newest mail the development mailbox holds for `email`. */
test('sign up, create an organisation and a team, import employees with a bad row, log out', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const stamp = Date.now();
  const email = `admin-${stamp}@example.com`;
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-import-'));
  const csv = join(dir, 'employees.csv');
  writeFileSync(
    csv,
    [
      'number,name,email',
      `+91 98123 ${String(stamp).slice(-5)},Priya Sharma,priya-${stamp}@example.com`,
      '98123 45678,No Country Code,',
      `+55 11 9${String(stamp).slice(-8)},Mateo Silva,`,
    ].join('\n'),
  );

  try {
    // Sign up: e-mail, then the code the server kept in the development mailbox.
    await page.goto('/workspace/signup');
    await page.getByLabel(/e-mail/i).fill(email);
    await page.getByRole('button', { name: /code/i }).click();
    await expect(page.getByText(email)).toBeVisible();
    const code = await codeFor(page, email);
    await page.getByRole('textbox', { name: 'Sign-in code' }).first().click();
    await page.keyboard.type(code);

    // A first sign-in lands on the organisation form.
    await expect(page).toHaveURL(/\/createorganization$/);
    await page.getByLabel('Organisation name').fill(`Acme Traders ${stamp}`);
    await page.getByRole('button', { name: 'Create organisation' }).click();

    // The organisation page: details, its code and the seats of the trial.
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
    await expect(page.getByTestId('org-name')).toHaveText(`Acme Traders ${stamp}`);
    await expect(page.getByTestId('org-code')).toHaveText(/^[A-Z0-9]{8}$/);
    await expect(page.getByTestId('plan-summary')).toContainText('1 of 3 seats used');
    const employees = page.getByRole('table', { name: 'Employees' });
    await expect(employees.getByTestId('employee-row')).toHaveCount(1);
    await expect(employees.getByTestId('employee-row').first()).toContainText(email);

    // Create a team with a colour from the palette.
    const teams = page.getByRole('region', { name: 'Teams' });
    await expect(teams.getByTestId('teams-empty')).toContainText('No teams yet');
    await teams.getByRole('button', { name: 'Create a Team' }).click();
    const teamDialog = page.getByRole('dialog', { name: 'Create a Team' });
    await teamDialog.getByLabel('Team name').fill('Sales');
    await teamDialog.getByRole('radio', { name: 'Colour 3' }).click();
    await teamDialog.getByRole('button', { name: 'Create a Team' }).click();
    await expect(teamDialog).toBeHidden();
    await expect(teams.getByText('Sales')).toBeVisible();
    await expect(teams.getByText('Members: 0')).toBeVisible();

    // Import three employees into the team; the one without a country code is refused.
    // The header's button (the creator alone, the list's own offer repeats it below).
    await page.getByRole('button', { name: 'Add with excel' }).first().click();
    const importDialog = page.getByRole('dialog', { name: 'Add employees with excel' });
    await importDialog.getByLabel('Put everyone in the team').selectOption({ label: 'Sales' });
    await importDialog.locator('input[type="file"][name="employee-file"]').setInputFiles(csv);
    const result = importDialog.getByTestId('import-result');
    await expect(result).toContainText('2 of 3 employees imported');
    const refused = result.getByRole('table', { name: 'Rows not imported' }).getByRole('row');
    await expect(refused).toHaveCount(2); // the header and one row
    await expect(refused.nth(1)).toHaveText(/^3\s*WhatsApp number\s*Phone numbers need a country code$/);
    await importDialog.getByRole('button', { name: 'Close' }).click();
    await expect(importDialog).toBeHidden();

    // The two good rows are listed, invited into Sales; the list switched to everyone.
    await expect(page.getByLabel('Status')).toHaveValue('all');
    await expect(employees.getByTestId('employee-row')).toHaveCount(3);
    const priya = employees.getByRole('row', { name: /Priya Sharma/ });
    await expect(priya).toContainText(`priya-${stamp}@example.com`);
    await expect(priya).toContainText('Sales');
    await expect(priya).toContainText('Pending');
    await expect(employees.getByRole('row', { name: /Mateo Silva/ })).toContainText('Sales');
    await expect(employees.getByText('No Country Code')).toHaveCount(0);
    await expect(teams.getByText('Members: 2')).toBeVisible();
    // The active filter shows only the admin until the invited people sign in.
    await page.getByLabel('Status').selectOption('Active');
    await expect(employees.getByTestId('employee-row')).toHaveCount(1);

    // Log out from the account menu; protected pages then send you to sign in.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/workspace\/signup$/);
    await page.goto('/organization');
    await expect(page).toHaveURL(/\/workspace\/signup$/);

    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
