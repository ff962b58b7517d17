// The public pages (issue #28): each is served prerendered, so it reads the same with JavaScript
// off — its heading and text, a title, a description, a canonical address and Open Graph tags —
// in the language the browser asks for; the feedback form sends a message and thanks; the
// sign-up page paints before its script runs.
import { expect, test } from './fixtures';

const PAGES: Array<[string, RegExp, RegExp]> = [
  ['/terms', /Terms of service/, /Acceptable use/],
  ['/privacy', /Privacy policy/, /What we store/],
  ['/faqs', /Frequently asked questions/, /Which CRMs can I connect\?/],
  ['/features', /Features/, /Team inbox/],
  ['/howitworks', /How it works/, /Connect your CRM/],
  ['/navcomp', /All pages/, /Every page you can open/],
  ['/feedback/contact', /Contact us/, /Tell us what you need/],
  ['/feedback/demo', /Book a demo/, /30-minute demo/],
  ['/feedback/uninstall', /Sorry to see you go/, /removed the Switchboard extension/],
  ['/feedback/spring-offer', /Send us feedback/, /every message is read/],
];

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, text] of PAGES) {
    test(`${path} shows its content, title, description and link previews`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(text);
      await expect(page).toHaveTitle(/· Switchboard$/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(30);
      // The general form is one page for every other id: its canonical address is /feedback.
      const canonical = path === '/feedback/spring-offer' ? '/feedback' : path;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${canonical}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Switchboard/);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description!);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  }

  test('a page comes in the language the browser asks for, or the one chosen with ?lang=', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('link', { name: 'Português (Portugal)' }).click();
    await expect(page).toHaveURL(/\/terms\?lang=pt-PT$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Termos de serviço');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms\?lang=pt-PT$/);
    await context.close();
  });

  test('/terms?lang=es shows the Spanish text of its translated file', async ({ page }) => {
    await page.goto('/terms?lang=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 2, name: '4. Uso aceptable' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Conservas todos los derechos sobre el contenido');
    await expect(page.getByRole('main')).not.toContainText('Acceptable use');
    await expect(page.getByRole('main').getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacy');
  });

  test('the sign-up page paints its title before the app starts', async ({ page }) => {
    await page.goto('/workspace/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your workspace');
    await expect(page).toHaveTitle('Sign in to your workspace · Switchboard');
  });
});

test('the feedback form sends a message and thanks the visitor', async ({ page }) => {
  await page.goto('/feedback/demo');
  await page.getByLabel('Your name').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana@example.com');
  await page.getByLabel('WhatsApp number, with country code (optional)').fill('+55 11 91234-5678');
  await page.getByLabel('Message').fill('A demo for a team of twelve, please.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you!');
  await expect(page.getByRole('button', { name: 'Send' })).toBeHidden();
});

test('a refused message says so and marks the field', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 422/);
  await page.goto('/feedback/contact');
  await page.getByLabel('Your name').fill('Bo');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toContainText('could not be sent');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
});
