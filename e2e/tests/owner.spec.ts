// The owner role (issue #28): an admin makes a colleague the organisation's Owner; the owner
// opens the Organisation screen, which is for admins and managers only, and may create a team;
// an employee is still turned away from it.
import { expect, test, signInWithCode, type Page } from './fixtures';

async function addMember(admin: Page, orgId: number, email: string, roleId: number) {
  const added = await admin.request.post('/api/v1/whatzapp/employees', {
    data: { org_id: orgId, employees: [{ name: email.split('@')[0], email }] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const userId = (await added.json()).data.employees[0].user_id as number;
  if (roleId !== 3) {
    const set = await admin.request.patch('/api/v1/whatzapp/employees', { data: { org_id: orgId, user_id: userId, role_id: roleId } });
    expect(set.ok(), await set.text()).toBeTruthy();
  }
}

test('an owner passes the managers-only Organisation screen; an employee does not', async ({ browser }) => {
  const stamp = Date.now();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithCode(admin, `owner-admin-${stamp}@example.test`);
  await admin.getByLabel('Organisation name').fill('Owned Traders');
  await admin.getByRole('button', { name: 'Create organisation' }).click();
  await expect(admin).toHaveURL(/\/organization$/);
  const orgId = (await (await admin.request.get('/api/account/profile')).json()).org_id as number;
  const owner = `owner-ceo-${stamp}@example.test`;
  const employee = `owner-staff-${stamp}@example.test`;
  await addMember(admin, orgId, owner, 4);
  await addMember(admin, orgId, employee, 3);
  // The members' table names the role.
  await admin.reload();
  await expect(admin.getByRole('cell', { name: 'Owner', exact: true })).toBeVisible();
  await adminContext.close();

  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await signInWithCode(page, owner);
  await expect(page).not.toHaveURL(/\/workspace\/signup$/);
  await page.goto('/organization');
  await expect(page.getByRole('button', { name: 'Create a Team' })).toBeVisible();
  await expect(page.getByText('Only Admins, managers can access this section')).toHaveCount(0);
  await page.goto('/settings/account');
  await expect(page.getByTestId('account-role')).toHaveValue('Owner');
  await ownerContext.close();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithCode(staff, employee);
  await expect(staff).not.toHaveURL(/\/workspace\/signup$/);
  await staff.goto('/organization');
  await expect(staff.getByRole('button', { name: 'Create a Team' })).toHaveCount(0);
  await staffContext.close();
});
