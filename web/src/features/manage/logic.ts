// The manage tools' pure pieces: the tabs and their addresses, the variables a quick reply may
// use and the sample contact its preview is rendered for, the label presets and the label tree
// (sublabels under their parent), which field a refusal belongs to, and a chat note or doc
// checked before it is sent. Who may edit team tools or share labels is the server's to say (the
// lists' flags). No React here; the rules themselves come from the manage wasm module.
import type { ManagedLabel, QuickReplyList, LabelBoard } from '@/generated/contract';
import type { TemplateVars, PropertyKind } from '@/generated/domain';
import { ApiError } from '@/lib/api';

/** The Manage Tools tabs (000 §2), the follow-ups and scheduled messages after them. */
export const TABS = ['quick_replies', 'labels', 'user_profile', 'follow_ups', 'scheduled'] as const;
export type Tab = (typeof TABS)[number];

/** Each tab's address: /quick-replies, /labels, /userproperties (000 §2) and two of ours. */
export const TAB_PATHS: Record<Tab, string> = {
  quick_replies: '/quick-replies',
  labels: '/labels',
  user_profile: '/userproperties',
  follow_ups: '/quick-replies/follow-ups',
  scheduled: '/quick-replies/scheduled',
};

/** The tab an address opens (Quick Replies for anything else). */
export function tabOf(pathname: string): Tab {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = TABS.find((t) => TAB_PATHS[t] === path);
  return found ?? 'quick_replies';
}

/** The largest attachment: 16 MiB (crates/domain/src/manage.rs MAX_ATTACHMENT_BYTES). */
export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024;

/** `attachment_too_large` for a file the server would refuse, else null. */
export const attachmentError = (file: File): string | null =>
  file.size > MAX_ATTACHMENT_BYTES ? 'attachment_too_large' : null;

/** The variables a message may use (crates/domain/src/manage.rs VARIABLES), as written. */
export const VARIABLES = ['name', 'first_name', 'last_name', 'phone', 'email', 'company', 'my_name'] as const;
export type Variable = (typeof VARIABLES)[number];

/** The contact a preview is rendered for; `myName` is the caller's own. */
export function sampleVars(myName: string | null | undefined, contactName: string): TemplateVars {
  return {
    name: contactName,
    phone: '+91 98123 45678',
    email: 'priya@example.com',
    company: 'Acme Traders',
    myName: myName ?? null,
  };
}

/** `text` with `{{variable}}` put at `at` (the caret), and where the caret goes after it. */
export function insertVariable(text: string, at: number | null, variable: Variable): { text: string; caret: number } {
  const token = `{{${variable}}}`;
  const pos = at === null || at < 0 || at > text.length ? text.length : at;
  return { text: text.slice(0, pos) + token + text.slice(pos), caret: pos + token.length };
}

/** Colour presets of the label picker (WhatsApp Business's palette). */
export const LABEL_PRESETS = [
  '#ff9485', '#64c4ff', '#ffd429', '#dfaef0', '#99b6c1', '#55ccb3', '#ff9dff', '#d3a91d',
  '#6d7cce', '#d7e752', '#00d0e2', '#ffc5c7', '#93ceac', '#f74848', '#00a0f2', '#83e422',
] as const;

/** The system labels' codes (their names are translated). */
export const SYSTEM_LABELS = ['new_customer', 'new_order', 'pending_payment', 'paid', 'order_complete'] as const;

export interface LabelNode {
  label: ManagedLabel;
  children: ManagedLabel[];
}

/** Top-level labels in the server's order, each with its sublabels (orphans shown at the top). */
export function labelTree(labels: ManagedLabel[]): LabelNode[] {
  const ids = new Set(labels.map((l) => l.id));
  const top = labels.filter((l) => l.parent_id === null || !ids.has(l.parent_id));
  return top.map((label) => ({ label, children: labels.filter((l) => l.parent_id === label.id) }));
}

/** The labels a sublabel may go under: top-level labels the caller may change. */
export const parentChoices = (labels: ManagedLabel[], editing: number | null) =>
  labels.filter((l) => l.parent_id === null && l.kind !== 'system' && l.editable && l.id !== editing);

/** 'used/limit' when the plan has a limit. */
export const usage = (x: Pick<QuickReplyList | LabelBoard, 'used' | 'limit'>): string | null =>
  x.limit === null ? null : `${x.used}/${x.limit}`;

/** Whether the plan's limit is reached (the create button then shows the upgrade prompt). */
export const limitReached = (x: Pick<QuickReplyList | LabelBoard, 'used' | 'limit'>) => x.limit !== null && x.used >= x.limit;

/** What a refusal means for a form: the field it names and the code to explain, an upgrade
 * prompt (402), or a general error. */
export type Refusal =
  | { kind: 'field'; field: string; code: string }
  | { kind: 'limit'; plan: string | null }
  | { kind: 'general'; code: string };

export function refusalOf(e: unknown): Refusal {
  if (!(e instanceof ApiError)) return { kind: 'general', code: 'internal' };
  if (e.status === 402 || e.code === 'plan_limit_reached') return { kind: 'limit', plan: e.fields.plan ?? null };
  if (e.code === 'forbidden' && e.fields.role) return { kind: 'general', code: e.fields.role };
  const [field, code] = Object.entries(e.fields)[0] ?? [];
  // 422: a broken rule; 409: a clash with what exists (a label name taken) — both on the field.
  if (field && code && (e.status === 422 || e.status === 409)) return { kind: 'field', field, code };
  return { kind: 'general', code: e.code };
}

export const PROPERTY_KINDS: readonly PropertyKind[] = ['text', 'number', 'date', 'boolean', 'select'];

/** The index `i` of a `values[i]` field the server names, else null. */
export function valueIndex(field: string): number | null {
  const m = /^values\[(\d+)\]$/.exec(field);
  return m ? Number(m[1]) : null;
}

/** A chat's notes and docs (001 §2 'Per-chat panels: … notes, … docs'). */
export const NOTE_KINDS = ['note', 'doc'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** The longest body the server keeps (crates/server/src/routes/manage/notes.rs `checked_note`). */
export const MAX_NOTE_BODY = 20_000;
/** The longest title: the server keeps the first 240 characters. */
export const MAX_NOTE_TITLE = 240;

export type NoteDraft = { ok: { title: string | null; body: string } } | { err: { field: 'title' | 'body'; code: 'fields_required' } };

/**
 * A note or doc as it is sent: trimmed, a body required (the server's `fields_required` for an
 * empty or over-long one), a doc's title required too (a note's is optional, null when empty).
 */
export function noteDraft(kind: NoteKind, title: string, body: string): NoteDraft {
  const t = title.trim();
  const b = body.trim();
  if (kind === 'doc' && !t) return { err: { field: 'title', code: 'fields_required' } };
  if (!b || b.length > MAX_NOTE_BODY) return { err: { field: 'body', code: 'fields_required' } };
  return { ok: { title: t ? t.slice(0, MAX_NOTE_TITLE) : null, body: b } };
}

/** A note's name in its buttons and confirmation: its title, else the start of its body. */
export function noteName(note: { title: string; body: string }): string {
  if (note.title.trim()) return note.title.trim();
  const first = note.body.trim().split('\n')[0] ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}

/** A time for people in `lang` (null for a missing or unreadable one). */
export function formatWhen(iso: string, lang: string): string | null {
  const ms = Date.parse(iso);
  if (!iso || Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** A file size for people (1 decimal above a kilobyte). */
export function formatSize(bytes: number, lang: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u += 1;
  }
  const digits = u === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(n)} ${units[u]}`;
}
