// The admin screens' pure helpers: the assignment panel's state from the wasm rules (the same
// checks the server runs), the member form's POST body, and the formatting of numbers, dates,
// money and plans for the chosen language.
import type { AssignmentMemberView, AssignmentRequest } from '@/generated/contract';
import { rule, value, type Outcome, type RuleOutput } from '@/lib/domain';

export type PanelState = RuleOutput<'assignment_panel'>;
export type OnboardingStage = RuleOutput<'assignment_options'>['onboardingStages'][number];
export type Region = RuleOutput<'assignment_options'>['regions'][number];

/** 000 §5 assignment options: the stages, the regions and the default region (other). */
export const OPTIONS = value('assignment_options', {});

/** A problem to show: a rule's or the server's code and the number its text needs. */
export interface Issue {
  code: string;
  n: number | null;
}

/** One member's form as typed: Target % stays text until the rules read it. */
export interface Draft {
  stages: string[];
  target: string;
  region: string;
  paused: boolean;
}

export const ownerOf = (m: AssignmentMemberView) => m.hubspot_owner_id;

export function draftOf(m: AssignmentMemberView): Draft {
  return {
    stages: [...m.onboarding_stage],
    target: m.target_percentage,
    region: m.region || OPTIONS.defaultRegion,
    paused: m.paused,
  };
}

export const emptyDraft = (): Draft => ({ stages: [], target: '', region: OPTIONS.defaultRegion, paused: false });

/** The share a text means, or null when it is not a valid share. */
export function percentOf(text: string): number | null {
  const out = rule('target_percentage', { targetPercentage: text });
  return out.err === undefined ? out.ok : null;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** 000 §4: a row whose form differs from what is saved shows a save icon. */
export function isDirty(saved: AssignmentMemberView, draft: Draft | undefined): boolean {
  if (!draft) return false;
  const before = draftOf(saved);
  const a = percentOf(before.target);
  const b = percentOf(draft.target);
  const targetChanged = a !== null && b !== null ? a !== b : before.target.trim() !== draft.target.trim();
  return targetChanged || before.region !== draft.region || before.paused !== draft.paused || !sameSet(before.stages, draft.stages);
}

/**
 * The whole panel's verdict (`assignment_panel`): each active row's issue, the total, its
 * badge and issue, whether saving is allowed, and the expanded All Members candidate's issue.
 */
export function panelState(
  active: readonly AssignmentMemberView[],
  drafts: Readonly<Record<string, Draft>>,
  candidate: { ownerId: string; target: string } | null,
): PanelState {
  return value('assignment_panel', {
    activeMembers: active.map((m) => ({
      ownerId: ownerOf(m),
      targetPercentage: (drafts[ownerOf(m)] ?? draftOf(m)).target,
    })),
    candidate: candidate ? { ownerId: candidate.ownerId, targetPercentage: candidate.target } : null,
  });
}

/** The POST body of a member's form (`assignment_member`), or the rule it broke. */
export function memberBody(member: AssignmentMemberView, draft: Draft): Outcome<AssignmentRequest> {
  const out = rule('assignment_member', {
    ownerId: ownerOf(member),
    name: member.employee_name,
    targetPercentage: draft.target,
    region: draft.region,
    onboardingStages: draft.stages,
  });
  if (out.err !== undefined) return { err: out.err };
  return { ok: { ...out.ok, paused: draft.paused } };
}

/**
 * The order to save several edited rows in so that the saved total never passes 100 on the
 * way (the server checks each save against the others already saved): lowered shares first.
 */
export function saveOrder(rows: ReadonlyArray<{ ownerId: string; before: number; after: number }>): string[] {
  return [...rows].sort((a, b) => a.after - a.before - (b.after - b.before)).map((r) => r.ownerId);
}

/** The sum of the saved shares of every active member but one. */
export function savedOthers(active: readonly AssignmentMemberView[], ownerId: string): number {
  const hundredths = active
    .filter((m) => ownerOf(m) !== ownerId)
    .reduce((sum, m) => sum + Math.round((percentOf(m.target_percentage) ?? 0) * 100), 0);
  return hundredths / 100;
}

// Formatting ------------------------------------------------------------------------------------

export const formatNumber = (n: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);

export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(d);
}

export function formatMoney(minor: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export type PlanKind = RuleOutput<'plan_info'>['kind'];

/** The kind of plan an id means (000 §9's normalisation, from the domain rule). */
export function planKind(planId: number, isTrial = false): PlanKind {
  const out = rule('plan_info', { planId, isTrial });
  return out.err === undefined ? out.ok.kind : 'unknown';
}

/** The plans an operator can move an organisation to: Free, Pro Plus and Teams, monthly and annual. */
export const PLAN_CHOICES = [1, 8, 9, 10, 11] as const;

/** `YYYY-MM-DD` of a day in UTC, `days` before `from`. */
export function utcDay(from: number, days = 0): string {
  return new Date(from - days * 86_400_000).toISOString().slice(0, 10);
}

/** The last page index (from 0) for a total. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** One line of an audit entry's detail: a field and its value before (when recorded) and after. */
export interface AuditChange {
  field: string;
  before?: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The changes an audit entry recorded: with `before` and `after`, the fields that differ (in
 * the order `after` lists them); otherwise each field of the detail as set. */
export function auditChanges(detail: unknown): AuditChange[] {
  if (!isRecord(detail)) return [];
  const { before, after } = detail;
  if (isRecord(after)) {
    const was = isRecord(before) ? before : {};
    return Object.entries(after)
      .filter(([k, v]) => !(k in was) || !same(was[k], v))
      .map(([field, v]) => (field in was ? { field, before: was[field], after: v } : { field, after: v }));
  }
  return Object.entries(detail).map(([field, after]) => ({ field, after }));
}
