// A newcomer's first week (issue #25), against the real server: a new admin signs up on a
// Spanish browser in Mexico City, creates an organisation — whose time zone is the browser's —
// and invites a member; the member's invitation e-mail is Spanish, in plain text and HTML, and
// links to the sign-in page with their address; following it on an English browser shows the
// page in the invitation's language, and the member's first sign-in lands in the organisation,
// with no personal-plan upsell. The words are read from the catalogues, not copied here.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, codeFor, type ConsoleMessage, type Page } from './fixtures';

const locales = resolve(import.meta.dirname, '..', '..', 'locales');
/** One catalogue of one language, as the app shows it. */
function words(lang: string, ns: string): Record<string, Record<string, string> & string> {
  return JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8')) as Record<string, Record<string, string> & string>;
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

interface Mail {
  subject: string;
  body: string;
  html: string | null;
}

async function mailsOf(page: Page, email: string): Promise<Mail[]> {
  const res = await page.request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** Types the code the mailbox holds into the code boxes. */
async function enterCode(page: Page, email: string, label: string) {
  const code = await codeFor(page, email);
  await page.getByRole('textbox', { name: label }).first().click();
  await page.keyboard.type(code);
}

test.use({ locale: 'es-ES', timezoneId: 'America/Mexico_City' });

test('first week: a Spanish admin creates an organisation in their zone and invites a member who lands in it', async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const es = { auth: words('es', 'auth'), shell: words('es', 'shell'), org: words('es', 'organization') };
  const stamp = Date.now();
  const admin = `lucia-${stamp}@example.com`;
  const member = `mateo-${stamp}@example.com`;
  const orgName = `Ferretería ${stamp}`;

  // The admin signs up: the page and the code e-mail are Spanish.
  await page.goto('/workspace/signup');
  await page.getByLabel(es.auth.email_label).fill(admin);
  await page.getByRole('button', { name: es.auth.send_code }).click();
  await expect(page.getByText(es.auth.code_sent.replace('{{email}}', admin))).toBeVisible();
  const [codeMail] = await mailsOf(page, admin);
  expect(codeMail?.subject).toBe('Tu código de acceso a Switchboard');
  expect(codeMail?.html).toContain('<html lang="es">');
  await enterCode(page, admin, es.auth.code_label);

  // The organisation's zone is the browser's.
  await expect(page).toHaveURL(/\/createorganization$/);
  await expect(page.getByRole('combobox', { name: es.shell.time_zone_label })).toHaveValue('America/Mexico_City');
  await page.getByLabel(es.shell.org_name_label).fill(orgName);
  await page.getByRole('button', { name: es.shell.create_button }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByTestId('org-time-zone')).toContainText('America/Mexico_City');

  // The admin invites a member, who is listed at once (the status filter hides nobody).
  await page.getByRole('button', { name: es.org.employees.add }).click();
  const dialog = page.getByRole('dialog', { name: es.org.add.title });
  await dialog.getByLabel(es.org.add.name, { exact: true }).fill('Mateo');
  await dialog.getByLabel(es.org.add.email, { exact: true }).fill(member);
  await dialog.getByRole('button', { name: es.org.add.submit }).click();
  await expect(dialog).toBeHidden();
  const rows = page.getByRole('table', { name: es.org.employees.heading }).getByTestId('employee-row');
  await expect(rows.filter({ hasText: member })).toContainText(es.org.employees.invitation_pending);

  // The invitation: Spanish, both parts, a link to the sign-in page with the address.
  const [invitation] = await mailsOf(page, member);
  expect(invitation?.subject).toBe(`Tienes una invitación a ${orgName} en Switchboard`);
  const link = /(http:\/\/\S+\/workspace\/signup\?\S+)/.exec(invitation?.body ?? '')?.[1];
  expect(link, 'a link in the invitation').toBeTruthy();
  expect(link).toContain(`email=${encodeURIComponent(member)}`);
  expect(link).toContain('lang=es');
  expect(invitation?.html).toContain(`href="${link!.replaceAll('&', '&amp;')}"`);

  // The member follows the link on an English browser: the page speaks the invitation's
  // language, the address is filled in, and the first sign-in lands in the organisation.
  const memberContext = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Mexico_City' });
  const memberPage = await memberContext.newPage();
  const memberErrors = collectConsoleErrors(memberPage);
  await memberPage.goto(link!);
  await expect(memberPage.getByLabel(es.auth.email_label)).toHaveValue(member);
  await memberPage.getByRole('button', { name: es.auth.send_code }).click();
  await expect(memberPage.getByText(es.auth.code_sent.replace('{{email}}', member))).toBeVisible();
  const [memberCode] = await mailsOf(memberPage, member);
  expect(memberCode?.subject).toBe('Tu código de acceso a Switchboard');
  await enterCode(memberPage, member, es.auth.code_label);
  await expect(memberPage).toHaveURL(/\/conversations\/analytics/);
  await memberPage.getByTestId('account-menu').click();
  await expect(memberPage.getByTestId('default-org-name')).toHaveText(orgName);
  await expect(memberPage.getByTestId('upgrade-popup')).toHaveCount(0);
  await memberContext.close();

  // Back on the admin's screen the member has joined.
  await page.reload();
  await expect(rows.filter({ hasText: member })).toContainText(es.org.employees.invitation_accepted);
  expect(errors).toEqual([]);
  expect(memberErrors).toEqual([]);
});
