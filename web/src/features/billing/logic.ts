// Billing decisions as plain functions, so they are testable without rendering: whose billing
// the screen shows, which plans a chooser lists, prices through the domain rules (never retyped
// arithmetic), money for the language, and when the upgrade popup and the trial notice show.
import type { OrgMapping, Plan, PlanBanner, PlanLimits, TeamAddon } from '@/generated/contract';
import { rule, value, type RuleOutput } from '@/lib/domain';
import type { Payer } from './api';

export type Audience = 'individual' | 'teams';
export type Price = RuleOutput<'plan_price'>;

export const isAdmin = (roleId: number | null | undefined) =>
  rule('access_check', { level: 'admin', roleId: roleId ?? null }).err === undefined;

/** The current organisation when the user is its admin, else their own workspace. */
export function billingPayer(workspaceId: number, current: OrgMapping | null): Payer {
  if (current?.org_id != null && isAdmin(current.role_id)) return { org_id: current.org_id };
  return { workspace_id: workspaceId };
}

/** The payer whose plan limits apply to the user now (any member may read an organisation's). */
export function limitsPayer(workspaceId: number, orgId: number | null): Payer {
  return orgId !== null ? { org_id: orgId } : { workspace_id: workspaceId };
}

/** 001 §4 'Plan chooser': Teams when an organisation id is stored, else Individual. */
export const defaultAudience = (orgId: number | null): Audience => (orgId !== null ? 'teams' : 'individual');

const isFree = (planId: number) => value('plan_info', { planId }).kind === 'free';

/**
 * The cards of a chooser: the audience's plans (`plan_type` self or teams) for the billing
 * period (`isMonthly`). Free has no period, so it shows under both.
 */
export function visiblePlans(plans: Plan[], audience: Audience, annual: boolean): Plan[] {
  return plans.filter(
    (p) => (audience === 'individual') === (p.plan_type === 'self') && (p.isMonthly === !annual || isFree(p.id)),
  );
}

/** The add-ons offered to an audience: calls and WhatsApp are team add-ons; AI Reply is for all. */
export const addonsFor = (addons: TeamAddon[], audience: Audience) =>
  addons.filter((a) => audience === 'teams' || a.key === 'ai_reply');

/** How prices convert to the chosen currency (001 §7 items 6, 7). */
export interface Conversion {
  currency: string;
  /** `multiplication_factor` of a localised currency. */
  factor: number | null;
  /** `planid_constant` of a localised currency (added to the plan id at checkout). */
  planidConstant: number | null;
  /** The USD rate when the currency has no localised prices. */
  rate: number | null;
}

export const USD: Conversion = { currency: 'USD', factor: null, planidConstant: null, rate: null };

/** The conversion of `currency` from the localisation answer, else the exchange rates. */
export function conversionFor(
  currency: string,
  localized: { multiplication_factor: number; planid_constant: number } | null,
  rates: Record<string, number> | null,
): Conversion {
  if (currency === 'USD') return USD;
  if (localized) {
    return { currency, factor: localized.multiplication_factor, planidConstant: localized.planid_constant, rate: null };
  }
  return { currency, factor: null, planidConstant: null, rate: rates?.[currency] ?? null };
}

/** A USD amount in the conversion's currency, per the `plan_price` rule. */
function converted(amount: number, c: Conversion): Price | null {
  return (
    rule('plan_price', {
      amount,
      currency: c.currency,
      multiplicationFactor: c.factor,
      exchangeRate: c.rate,
    }).ok ?? null
  );
}

/** An add-on's price per employee per month in the conversion's currency. */
export interface AddonPrice {
  /** In major units, as `plan_price` takes add-ons. */
  amount: number;
  minor: number;
  currency: string;
}

/** An add-on's price in the conversion's currency: the list's INR prices for INR, else its USD
 * prices converted like a plan's. */
export function addonPrice(addon: TeamAddon, c: Conversion, annual: boolean): AddonPrice {
  if (c.currency === 'INR' && (c.factor !== null || c.rate !== null)) {
    const amount = annual ? addon.annual_inr : addon.inr;
    return { amount, minor: Math.round(amount * 100), currency: 'INR' };
  }
  const usd = annual ? addon.annual_usd : addon.usd;
  const price = converted(usd, c);
  if (!price) return { amount: usd, minor: Math.round(usd * 100), currency: 'USD' };
  return { amount: price.perEmployeeMonth.minor / 100, minor: price.perEmployeeMonth.minor, currency: price.currency };
}

/** 001 §9: a plan's price per employee per month, add-ons included, and for `seats` (one
 * when not given) what each invoice charges — a year's for an annual plan (`total`). */
export function planPrice(plan: Plan, c: Conversion, addOns: number[], seats: number | null): Price | null {
  const paid = !isFree(plan.id);
  return (
    rule('plan_price', {
      amount: plan.amount,
      currency: c.currency,
      multiplicationFactor: c.factor,
      exchangeRate: c.rate,
      addOns: paid ? addOns : [],
      seats: seats ?? 1,
      annual: !plan.isMonthly,
    }).ok ?? null
  );
}

/** Money from minor units, formatted for the language. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * A price as the plan cards show it: the currency's symbol from the domain (001 §9: ₹ for INR,
 * otherwise $) before the number in the language's digits; a currency that is neither rupees
 * nor dollars is written with its own sign, since a dollar sign before euros would be wrong.
 */
export function formatPrice(minor: number, currency: string, symbol: string, lang: string): string {
  if (currency !== 'USD' && currency !== 'INR') return formatMoney(minor, currency, lang);
  const digits = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  return `${symbol}${digits}`;
}

/** `formatPrice` with the symbol of the `currency_symbol` rule. */
export const formatIn = (minor: number, currency: string, lang: string) =>
  formatPrice(minor, currency, value('currency_symbol', { currency }).symbol, lang);

/** A zone Intl accepts, else undefined (the browser's). */
export function usableZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** A date of the API (RFC 3339) for the language, in `timeZone` (the organisation's; the
 * browser's when absent); empty when unreadable. */
export function formatDate(rfc3339: string | null | undefined, lang: string, timeZone?: string | null): string {
  if (!rfc3339) return '';
  const d = new Date(rfc3339);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: usableZone(timeZone) }).format(d);
}

/** The parts of a date and time shown: the day, the time to the minute and the zone's short name. */
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A date and time of the API for the language, in `timeZone` (the organisation's; the
 * browser's when absent), with the zone's short name so nobody has to guess which. */
export function formatDateTime(rfc3339: string | null | undefined, lang: string, timeZone?: string | null): string {
  if (!rfc3339) return '';
  const d = new Date(rfc3339);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { ...DATE_TIME_PARTS, timeZone: usableZone(timeZone) }).format(d);
}

/** A whole number with the language's grouping (10 000, 10.000, 10,000). */
export const formatCount = (n: number, lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(n);

/** How a number field groups digits in the language: its separators and whether it groups
 * Indian-style (1,00,000), as Intl formats numbers there. */
export function numberFieldFormat(lang: string): {
  thousandSeparator: string;
  decimalSeparator: string;
  thousandsGroupStyle: 'thousand' | 'lakh';
} {
  const parts = new Intl.NumberFormat(lang).formatToParts(1234567.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const lakh = integers.length === 3 && integers[0] === 2 && integers[1] === 2;
  return {
    thousandSeparator: group,
    decimalSeparator: decimal === group ? (group === '.' ? ',' : '.') : decimal,
    thousandsGroupStyle: lakh ? 'lakh' : 'thousand',
  };
}

/**
 * A team's seats as typed, checked by the domain's `team_seats` rule (at least the team
 * minimum, at least `members`, at most the maximum): the number, or the rule's code. Empty is
 * `null` with no code (nothing asked yet).
 */
export function checkSeats(typed: string | number, members: number): { seats: number | null; code: string | null } {
  const n = typeof typed === 'number' ? typed : typed.trim() === '' ? Number.NaN : Number(typed);
  if (typed === '' || (typeof typed === 'string' && typed.trim() === '')) return { seats: null, code: null };
  if (!Number.isFinite(n) || !Number.isInteger(n)) return { seats: null, code: 'not_a_number' };
  const r = rule('team_seats', { seats: Math.max(-1, Math.min(n, Number.MAX_SAFE_INTEGER)), members });
  return r.ok !== undefined ? { seats: r.ok, code: null } : { seats: null, code: r.err ?? 'not_a_number' };
}

export type UpgradeVariant = 'individual' | 'expired';

export interface UpgradePrompt {
  variant: UpgradeVariant;
  /** 001 §4 'Free plan: opens with "You don't have Teams plan"'. */
  noTeamsPlan: boolean;
}

/** 001 §4 / 000 §2: the upgrade popup is not shown on these paths. */
export const PROMPT_FREE_PATHS = ['/organization', '/settings'];

/**
 * 001 §4 'Upgrade popup'. Closed when nobody is signed in, when prompts are suppressed (the
 * extension's dashboard-only view) or on /organization and /settings paths. Otherwise whether it
 * opens, and with which text, is the server's answer (`limits.upsell.popup`, the domain's
 * `upsell` rule): only a person who can pay is shown it — the personal workspace's owner on Free
 * who belongs to no organisation (individual), an organisation's admin once its plan has ended
 * (expired).
 */
export function upgradePrompt(input: {
  signedIn: boolean;
  suppressed: boolean;
  pathname: string;
  limits: PlanLimits | null;
}): UpgradePrompt | null {
  const { signedIn, suppressed, pathname, limits } = input;
  if (!signedIn || suppressed || !limits) return null;
  if (PROMPT_FREE_PATHS.some((p) => pathname.startsWith(p))) return null;
  const popup = limits.upsell.popup;
  if (popup !== 'individual' && popup !== 'expired') return null;
  return { variant: popup, noTeamsPlan: limits.upsell.no_teams_plan };
}

/**
 * The plan banner above the page (001 §4 'Trial or expiry notice', 000 §2 trial-ended banner):
 * the server's `limits.upsell.banner`, hidden on the billing page. `ended` makes it the sticky
 * banner rather than the dismissible notice.
 */
export function planBanner(limits: PlanLimits | null, pathname: string): PlanBanner | null {
  if (!limits || pathname === '/settings/billing') return null;
  return limits.upsell.banner;
}
