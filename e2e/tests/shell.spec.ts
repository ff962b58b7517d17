// The shell as a visitor meets it: the signup page in the language the wasm module picks from
// the browser, protected routes redirecting to signup, and no console errors on the way.
import { expect, test, collectConsoleErrors } from './fixtures';

test.describe('in a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('the root shows the signup page in Spanish with no console errors', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Inicia sesión en tu espacio de trabajo',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(errors).toEqual([]);
  });
});

test.describe('in a Brazilian Portuguese browser', () => {
  test.use({ locale: 'pt-BR' });

  test('a protected route redirects to the signup page', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/organization');
    await expect(page).toHaveURL(/\/workspace\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Entre no seu espaço de trabalho',
    );
    expect(errors).toEqual([]);
  });
});

test.describe('in a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('an unspoken language falls back to English, and a stored choice wins', async ({ page }) => {
    await page.goto('/workspace/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your workspace');
    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'hi'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'अपने वर्कस्पेस में साइन इन करें',
    );
  });
});

test('an unknown path shows the not-found page with a way to sign in, and / the signup page', async ({ page }) => {
  await page.goto('/somebody');
  await expect(page).toHaveURL(/\/somebody$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /somebody.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/workspace\/signup$/);
  await page.goto('/');
  await expect(page.getByLabel(/e-mail|correo|ईमेल|email/i)).toBeVisible();
});

test('the API still answers JSON errors behind the web app', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('not_found');
});
