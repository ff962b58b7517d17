// My Account (issue #28): a photo uploaded on the settings page is cropped and stored by the
// server and shows at once in the top bar, and still after a reload; the language chosen there
// applies at once, is stored as the account's, and survives a reload.
import { expect, test, signInWithCode } from './fixtures';

// A 3×2 PNG (red, green, blue / white, black, grey).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAFUlEQVR4nGP4z8DAAMH//4PohoYGAEfPB3vT+rJCAAAAAElFTkSuQmCC',
  'base64',
);

test('a photo uploaded in My Account shows in the top bar, and the language changes at once and stays', async ({ page }) => {
  const email = `photo-${Date.now()}@example.test`;
  await signInWithCode(page, email);
  await expect(page).toHaveURL(/\/createorganization$/);
  await page.getByLabel('Organisation name').fill('Photo Traders');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // The account menu's My Account leads to the settings page's first section.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('account-role')).toHaveValue('Admin');
  const topBar = page.getByTestId('top-bar-avatar');
  await expect(topBar).toHaveAttribute('data-photo', 'initial');

  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your photo is saved.')).toBeVisible();
  await expect(topBar).toHaveAttribute('data-photo', 'photo');
  const src = await topBar.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/api\/account\/photos\/[0-9a-f]{32}$/);
  // What the top bar shows is the server's square JPEG, not the file chosen.
  const photo = await page.request.get(src!);
  expect(photo.headers()['content-type']).toBe('image/jpeg');

  await page.reload();
  await expect(page.getByTestId('top-bar-avatar')).toHaveAttribute('data-photo', 'photo');

  // The language, from the Settings section: at once, stored, and kept over a reload.
  await page.getByTestId('settings-tab-preferences').click();
  await expect(page).toHaveURL(/\/settings\/preferences$/);
  await page.getByTestId('pref-blur_contacts').waitFor();
  await page.getByTestId('language-picker').selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
  await expect(page.getByTestId('settings-tab-account')).toHaveText('Mi cuenta');
  await expect
    .poll(async () => (await (await page.request.get('/api/account/profile')).json()).preferred_language)
    .toBe('es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración');
  await expect(page.getByTestId('pref-blur_contacts')).toBeVisible();
  await expect(page.getByText('Difuminar nombre e imagen de los contactos')).toBeVisible();
});
