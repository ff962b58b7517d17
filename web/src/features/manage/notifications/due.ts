// What the frame's reminder scheduler decides, without timers or the DOM: which follow-ups are
// due to notify ("due" is the due time less the follow-up's lead time, docs/DECISIONS.md), which
// of them were already notified (kept per user in local storage, so an entry notifies once per
// page life and across reloads), and the Pending / Upcoming split at the browser's `now` (an
// upcoming entry turns pending the moment its time comes, before the next poll says so).
import type { FollowUp, FollowUpBoard } from '@/generated/contract';
import { remindAtMs } from '../planner/logic';

/** How often the board is read again while the app is open (and on window focus). */
export const POLL_MS = 30_000;
/** How often the last board read is checked for something due (no request). */
export const CHECK_MS = 5_000;
/** At most this many toasts at once; more due together become one "N reminders are due". */
export const MAX_SEPARATE = 3;
/** How many notified entries a user's record keeps (the oldest go first). */
const KEEP = 300;

/** An entry's notification identity: a moved due time or lead time notifies again. */
export const notifyKey = (f: FollowUp) => `${f.id}@${remindAtMs(f)}`;

/** The open entries whose notify time has come and that were not notified yet, earliest first. */
export function dueToNotify(board: FollowUpBoard, nowMs: number, notified: ReadonlySet<string>): FollowUp[] {
  return [...board.pending, ...board.upcoming]
    .filter((f) => remindAtMs(f) <= nowMs && !notified.has(notifyKey(f)))
    .sort((a, b) => remindAtMs(a) - remindAtMs(b));
}

/** Pending (due at `nowMs`) and Upcoming, each by due time. */
export function split(board: FollowUpBoard, nowMs: number): { pending: FollowUp[]; upcoming: FollowUp[] } {
  const open = [...board.pending, ...board.upcoming].sort((a, b) => a.due_at.localeCompare(b.due_at));
  return {
    pending: open.filter((f) => Date.parse(f.due_at) <= nowMs),
    upcoming: open.filter((f) => Date.parse(f.due_at) > nowMs),
  };
}

const storageKey = (userId: number) => `switchboard.notified.${userId}`;

/** The entries already notified for `userId` (empty when storage is unavailable). */
export function readNotified(userId: number): Set<string> {
  try {
    const raw = window.localStorage.getItem(storageKey(userId));
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Adds `keys` to `userId`'s record (the latest `KEEP`). */
export function rememberNotified(userId: number, keys: readonly string[]): void {
  const all = [...readNotified(userId), ...keys];
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify([...new Set(all)].slice(-KEEP)));
  } catch {
    // Storage can be disabled: the page's own record still stops repeats until a reload.
  }
}

/** `count` calendar days from `YYYY-MM-DD` (`day` first), as `YYYY-MM-DD`. */
export function daysFrom(day: string, count: number): string[] {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start)) return [];
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
