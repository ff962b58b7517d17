// The team inbox's pure rules for the screen: the tabs in the spec's order (001 §9), how a fresh
// first page and live events merge into what is on screen without losing older pages, acks that
// only move forward, and an internal note's `@[id]` mentions read as names. The server decides
// what a tab holds and who may see what; this only keeps the screen in step with it.
import type { Conversation, Employee, InboxMessage } from '@/generated/contract';

/** The filter tabs, in the spec's order (000 §2, 001 §9). */
export const TABS = [
  'all',
  'unread',
  'groups',
  'scheduled',
  'followup',
  'mentions',
  'needs_reply',
  'awaiting_reply',
  'tasks',
  'open',
  'hub_contacts',
  'hub_lifecycle',
] as const;
export type Tab = (typeof TABS)[number];

export const isTab = (s: string | null | undefined): s is Tab => !!s && (TABS as readonly string[]).includes(s);

/** A message's delivery, in the order it moves; `failed` stands apart. */
const ACK_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

/**
 * The ack a message shows after `next` arrives: it only moves forward (read after delivered after
 * sent), and a failure counts only while the message has not reached the phone.
 */
export function mergeAck(current: string, next: string): string {
  if (next === 'failed') return (ACK_RANK[current] ?? 0) <= ACK_RANK.sent! ? 'failed' : current;
  if (current === 'failed') return next === 'queued' ? current : next;
  return (ACK_RANK[next] ?? 0) > (ACK_RANK[current] ?? 0) ? next : current;
}

/**
 * The chatter list after its first page was read again: the fresh page first, then the older
 * rows already loaded that come after it (a conversation moves to the top when it gets a
 * message, and is not shown twice). `hadMore` is whether more pages were left after `current`.
 */
export function mergeFirstPage(current: Conversation[], fresh: Conversation[]): Conversation[] {
  const ids = new Set(fresh.map((c) => c.id));
  const last = fresh[fresh.length - 1];
  if (!last) return [];
  const after = (c: Conversation) =>
    c.last_message_at < last.last_message_at || (c.last_message_at === last.last_message_at && c.id < last.id);
  return [...fresh, ...current.filter((c) => !ids.has(c.id) && after(c))];
}

/** Older rows appended to the list, each conversation once. */
export function appendPage(current: Conversation[], older: Conversation[]): Conversation[] {
  const ids = new Set(current.map((c) => c.id));
  return [...current, ...older.filter((c) => !ids.has(c.id))];
}

/** One conversation changed (assigned, closed, read): replaced where it is. */
export function replaceConversation(list: Conversation[], c: Conversation): Conversation[] {
  return list.map((x) => (x.id === c.id ? c : x));
}

/**
 * A conversation's messages, newest first, after `incoming` arrived (a fresh newest page, an older
 * page, a sent reply): each message once, the newer copy kept but its ack never moved back.
 */
export function mergeMessages(current: InboxMessage[], incoming: InboxMessage[]): InboxMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const had = byId.get(m.id);
    byId.set(m.id, had ? { ...m, ack: mergeAck(had.ack, m.ack), error: m.ack === 'failed' || had.ack !== 'failed' ? m.error : had.error } : m);
  }
  return [...byId.values()].sort((a, b) => (a.sent_at === b.sent_at ? b.id - a.id : a.sent_at < b.sent_at ? 1 : -1));
}

/** A live ack applied to the message it names. */
export function applyAck(current: InboxMessage[], messageId: number, ack: string): InboxMessage[] {
  return current.map((m) => (m.id === messageId ? { ...m, ack: mergeAck(m.ack, ack) } : m));
}

/** A member's name as the screen shows it: their name, else their e-mail, else their number. */
export function memberName(e: Employee): string {
  return e.whatzapp_basic_info.name?.trim() || e.email || e.whatsapp_no || `#${e.user_id}`;
}

/** Names by member id. */
export function namesById(members: Employee[]): Map<number, string> {
  return new Map(members.map((m) => [m.user_id, memberName(m)]));
}

export type Piece = { text: string } | { mention: number; name: string };

const MENTION = /@\[(\d{1,18})\]/g;

/** A note's text with its `@[id]` mentions as the members' names (an unknown id stays as written). */
export function notePieces(text: string, names: Map<number, string>): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION)) {
    const id = Number(m[1]);
    const name = names.get(id);
    if (name === undefined) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ mention: id, name });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The note with a mention of `id` added where the writer is (after a space when needed). */
export function withMention(text: string, id: number): string {
  const sep = text === '' || /\s$/.test(text) ? '' : ' ';
  return `${text}${sep}@[${id}] `;
}

/** The chat lines the AI reply suggestion reads: the last few messages, oldest first. */
export function chatLines(messages: InboxMessage[], most = 10): { text: string; direction: string }[] {
  return messages
    .filter((m) => m.kind === 'message' && m.body && m.body.trim() !== '')
    .slice(0, most)
    .reverse()
    .map((m) => ({ text: m.body!, direction: m.outbound ? 'OUTGOING' : 'INCOMING' }));
}

/** The data of a live event, or null when it is not the JSON object the server sends. */
export function eventData(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A number field of an event's data, or null. */
export const numberOf = (d: Record<string, unknown> | null, key: string): number | null =>
  typeof d?.[key] === 'number' ? (d[key] as number) : null;
