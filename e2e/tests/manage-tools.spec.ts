// Manage Tools as a new organisation's owner meets it (issue #18): a quick reply is written with
// a {{first_name}} variable from the Insert variable menu (the preview fills in the sample
// contact's first name) and an attachment uploaded over a slow uplink with a progress bar, then
// listed with its file, which downloads; a label is created with a colour and a funnel with its
// stages in the order set; a user property whose name has a digit is refused with 'Property
// names should not contain numbers' before anything is sent, and a good one is added.
import { expect, test, signInWithCode, type Page } from './fixtures';

/** A new person signs in with a code from the mailbox and creates an organisation. */
async function newOwner(page: Page) {
  const email = `manage-${Date.now()}@example.com`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Manage Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

const FILE = 'price-list.pdf';
const ATTACHMENT = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(160 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

test('a quick reply with a variable and an attachment, a label, a funnel and user properties', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await newOwner(page);

  // Quick Replies: the form with Insert variable and the live preview.
  await page.goto('/quick-replies');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Tools' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Quick Replies' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('replies-empty')).toBeVisible();
  await page.getByRole('button', { name: 'New quick reply' }).click();
  const form = page.getByRole('dialog', { name: 'New quick reply' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Price list');
  const message = form.getByRole('textbox', { name: 'Message' });
  await message.fill('Hello ');
  await form.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: /First name/ }).click();
  await expect(message).toHaveValue('Hello {{first_name}}');
  await message.press('End');
  await message.pressSequentially(', here is our price list.');
  await expect(form.getByTestId('reply-preview')).toHaveText('Hello Priya, here is our price list.');

  // The attachment, uploaded after the quick reply is created, over a slow uplink.
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles({ name: FILE, mimeType: 'application/pdf', buffer: ATTACHMENT });
  await expect(form.getByTestId('chosen-attachment')).toContainText(FILE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 32 * 1024 });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Quick Reply created')).toBeVisible();
  // Once created, the form edits that quick reply while its file goes up.
  const saving = page.getByRole('dialog', { name: 'Edit quick reply' });
  await expect(saving.getByRole('progressbar', { name: `Uploading ${FILE}` })).toBeVisible();
  await expect(saving).toBeHidden({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const row = page.getByTestId('reply-row').filter({ hasText: 'Price list' });
  await expect(row).toContainText('Hello {{first_name}}, here is our price list.');
  await expect(row).toContainText('Only me');
  const download = row.getByRole('link', { name: `Download ${FILE}` });
  await expect(download).toBeVisible();
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect((await file.body()).length).toBe(ATTACHMENT.length);

  // Labels: a label with a colour, then a funnel with its stages in order.
  await page.getByRole('tab', { name: 'Labels' }).click();
  await expect(page).toHaveURL(/\/labels$/);
  await page.getByRole('button', { name: 'New label' }).click();
  const labelForm = page.getByRole('dialog', { name: 'New label' });
  await labelForm.getByRole('textbox', { name: 'Label name' }).fill('Hot lead');
  const colour = labelForm.getByRole('textbox', { name: 'Colour' });
  await colour.fill('#f74848');
  // Closes the colour picker's dropdown (Escape would close the dialog).
  await labelForm.getByRole('textbox', { name: 'Label name' }).click();
  await labelForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Label created successfully')).toBeVisible();
  const label = page.getByTestId('label-row').filter({ hasText: 'Hot lead' });
  await expect(label.getByRole('img', { name: 'Colour #f74848' })).toBeVisible();

  await page.getByRole('button', { name: 'New funnel' }).click();
  const funnelForm = page.getByRole('dialog', { name: 'New funnel' });
  await funnelForm.getByRole('textbox', { name: 'Funnel name' }).fill('Pipeline');
  await funnelForm.getByRole('textbox', { name: 'Stage 1' }).fill('Lead');
  await funnelForm.getByRole('button', { name: 'Add stage' }).click();
  await funnelForm.getByRole('textbox', { name: 'Stage 2' }).fill('Won');
  await funnelForm.getByRole('button', { name: 'Add stage' }).click();
  await funnelForm.getByRole('textbox', { name: 'Stage 3' }).fill('Proposal');
  await funnelForm.getByRole('button', { name: 'Move stage 3 up' }).click();
  await funnelForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Funnel created successfully')).toBeVisible();
  const funnel = page.getByTestId('funnel-row').filter({ hasText: 'Pipeline' });
  await expect(funnel).toContainText('3 stages');
  await expect(funnel.getByRole('list', { name: 'Stages' }).getByRole('listitem')).toHaveText(['1. Lead', '2. Proposal', '3. Won']);

  // User Profile: a name with a digit is refused before sending; a good one is added.
  await page.getByRole('tab', { name: 'User Profile' }).click();
  await expect(page).toHaveURL(/\/userproperties$/);
  await page.getByRole('button', { name: 'New property' }).click();
  const propForm = page.getByRole('dialog', { name: 'New user property' });
  const name = propForm.getByRole('textbox', { name: 'Property name' });
  await name.fill('Plan 2');
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/manage/user-properties')) posted.push(r.url());
  });
  await propForm.getByRole('button', { name: 'Save' }).click();
  await expect(propForm.getByText('Property names should not contain numbers')).toBeVisible();
  expect(posted).toEqual([]);
  await name.fill('Plan tier');
  await propForm.getByRole('combobox', { name: 'Type' }).selectOption('select');
  const options = propForm.getByRole('combobox', { name: 'Options' });
  await options.fill('Gold');
  await options.press('Enter');
  await options.fill('Silver');
  await options.press('Enter');
  await propForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Property added successfully')).toBeVisible();
  const property = page.getByTestId('property-row').filter({ hasText: 'Plan tier' });
  await expect(property).toContainText('List');
  await expect(property).toContainText('Gold');
  await expect(property).toContainText('Silver');
  expect(errors).toEqual([]);
});
