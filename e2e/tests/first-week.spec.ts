// A newcomer's first week (issue #25), against the real server: a new admin signs up on a
// Spanish browser in Mexico City, creates an organisation — whose time zone is the browser's —
// and invites a member; the member's invitation e-mail is Spanish, in plain text and HTML, and
// links to the sign-in page with their address; following it on an English browser shows the
// page in the invitation's language, and the member's first sign-in lands in the organisation,
// with no personal-plan upsell. The admin then reaches every manage tool from the side navigation
// and from the phone menu, meets the not-found page at an unknown address, buys Teams and adds
// seats, seeing the change's toast and its invoice. The words are read from the catalogues, not
// copied here.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, codeFor, openPhoneMenu, type ConsoleMessage, type Page } from './fixtures';

const locales = resolve(import.meta.dirname, '..', '..', 'locales');
/** One catalogue of one language, as the app shows it. */
function words(lang: string, ns: string): Record<string, Record<string, string> & string> {
  return JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8')) as Record<string, Record<string, string> & string>;
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    // The payment provider's page is the provider's (a stand-in here, without a favicon), not ours.
    if (m.type() === 'error' && !page.url().includes('/stripe/pay/')) errors.push(`${m.text()} (${m.location().url})`);
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

/** A catalogue text as a literal part of a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ locale: 'es-ES', timezoneId: 'America/Mexico_City' });

test('first week: a Spanish admin creates an organisation in their zone and invites a member who lands in it', async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  test.setTimeout(240_000);
  const es = {
    auth: words('es', 'auth'),
    shell: words('es', 'shell'),
    org: words('es', 'organization'),
    nav: words('es', 'nav'),
    common: words('es', 'common'),
    billing: words('es', 'billing'),
  };
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
  // The employee list's empty state offers the next step: add someone.
  await page.getByTestId('employees-only-you').getByRole('button', { name: es.org.employees.add }).click();
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

  // Every manage tool from the side navigation, then from the phone menu, the open one lit.
  const nav = page.getByRole('navigation', { name: es.nav.menu });
  const tools: Array<[string, RegExp]> = [
    [es.nav.quick_replies, /\/quick-replies$/],
    [es.nav.labels_funnels, /\/labels$/],
    [es.nav.user_properties, /\/userproperties$/],
    [es.nav.follow_ups, /\/quick-replies\/follow-ups$/],
    [es.nav.scheduled, /\/quick-replies\/scheduled$/],
    [es.nav.quick_reply_analytics, /\/quick-replies\/analytics$/],
  ];
  const walk = async (openMenu: () => Promise<void>) => {
    for (const [name, url] of tools) {
      await openMenu();
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await openMenu();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
  };
  await walk(async () => {});
  await page.setViewportSize({ width: 390, height: 844 });
  const burger = page.getByRole('button', { name: es.nav.menu });
  await walk(() => openPhoneMenu(page, burger, nav));
  await page.setViewportSize({ width: 1280, height: 720 });

  // An unknown address is a page of its own, with the way back.
  await page.goto('/quick-replies/nowhere/at-all');
  await expect(page.getByRole('heading', { level: 1, name: es.common.not_found_title })).toBeVisible();
  await page.getByRole('link', { name: es.common.not_found_home }).click();
  await expect(page).toHaveURL(/\/conversations\/analytics$/);

  // Teams bought for 3 seats at the payment provider, then 2 seats added: a toast and its invoice.
  await page.goto('/settings/billing');
  await page.getByRole('button', { name: es.billing.page.choose_plan }).first().click();
  const chooser = page.getByRole('dialog', { name: es.billing.chooser.title });
  const teams = chooser.getByRole('article', { name: 'Teams' });
  await chooser.getByLabel(es.billing.chooser.seats).fill('3');
  await teams.getByRole('button', { name: es.billing.chooser.upgrade_to.replace('{{plan}}', 'Teams') }).click();
  await page.waitForURL(/\/stripe\/pay\/[^/]+$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\?status=paid&session_id=/);
  await page.goto('/settings/billing');
  await expect(page.getByTestId('seats-issued')).toHaveText('3', { timeout: 20_000 });
  const seats = page.getByTestId('seats-card');
  await seats.getByLabel(es.billing.page.seats_new).fill('5');
  await seats.getByRole('button', { name: es.billing.page.seats_preview }).click();
  await seats.getByRole('button', { name: es.billing.page.seats_confirm }).click();
  const toastText = es.billing.page.seats_toast_added.replace('{{from}}', '3').replace('{{to}}', '5').split('{{amount}}');
  await expect(page.getByText(new RegExp(`^${escape(toastText[0]!)}.+${escape(toastText[1]!)}$`))).toBeVisible();
  await expect(seats.getByTestId('seat-change-invoice')).toBeVisible();
  await expect(page.getByTestId('seats-issued')).toHaveText('5');
  expect(errors).toEqual([]);
  expect(memberErrors).toEqual([]);
});
