// The timeline's pure parts: what each kind of entry says (its kind, direction, status label and
// length), every key it uses present in the catalogue, entries grouped by day (today and
// yesterday said so), an older page added without repeats, what a note or task did in the CRMs
// by their own names, and a new task's starting time and due value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { TimelineItem } from '@/generated/contract';
import { DEAL_STAGES } from './dealsLogic';
import { CALL_OUTCOMES, TICKET_STATUSES } from './serviceLogic';
import {
  activityReport,
  appendPage,
  crmName,
  dayOf,
  DIRECTIONS,
  dueOf,
  entryView,
  formatDayLabel,
  groupByDay,
  listNames,
  nextHourInput,
  TIMELINE_KINDS,
} from './timelineLogic';

const item = (over: Partial<TimelineItem>): TimelineItem => ({
  kind: 'message',
  id: 1,
  at: '2026-11-30T10:00:00Z',
  user_id: 8,
  direction: null,
  title: null,
  text: null,
  status: null,
  duration_s: null,
  ...over,
});

test('a message and a call say their direction; a call and a logged call their length', () => {
  expect(entryView(item({ direction: 'incoming', text: 'Hi' }))).toMatchObject({
    kindKey: 'timeline.kind.message',
    directionKey: 'timeline.direction.incoming',
    statusKey: null,
    statusRaw: null,
    duration: null,
  });
  expect(entryView(item({ kind: 'call', direction: 'missed', duration_s: 0 }))).toMatchObject({
    kindKey: 'timeline.kind.call',
    directionKey: 'timeline.direction.missed',
    duration: 0,
  });
  expect(entryView(item({ kind: 'call_log', status: 'no_answer', duration_s: 65 }))).toMatchObject({
    kindKey: 'timeline.kind.call_log',
    directionKey: null,
    statusKey: 'callOutcomes.no_answer',
    duration: 65,
  });
  // A direction the screen has no words for is left out.
  expect(entryView(item({ direction: 'sideways' })).directionKey).toBeNull();
});

test('a deal, a ticket, a task and a note say their status by the keys of their own sections', () => {
  expect(entryView(item({ kind: 'deal', status: 'closedwon' })).statusKey).toBe('dealStages.closedwon');
  expect(entryView(item({ kind: 'ticket', status: 'waiting_on_us' })).statusKey).toBe('ticketStatus.waiting_on_us');
  expect(entryView(item({ kind: 'task', status: 'open' }))).toMatchObject({ statusKey: 'timeline.task_status.open', due: true, done: false });
  expect(entryView(item({ kind: 'task', status: 'done' }))).toMatchObject({ statusKey: 'timeline.task_status.done', done: true });
  expect(entryView(item({ kind: 'note', status: 'note' }))).toMatchObject({ statusKey: null, statusRaw: null, due: false });
  expect(entryView(item({ kind: 'note', status: 'doc' })).statusKey).toBe('timeline.doc');
  // A stage the screen does not know is shown as it is.
  expect(entryView(item({ kind: 'deal', status: 'custom_stage' }))).toMatchObject({ statusKey: null, statusRaw: 'custom_stage' });
  expect(entryView(item({ kind: 'reminder' }))).toMatchObject({ kindKey: null, color: 'gray' });
});

test('every key an entry can use is in the English catalogue', () => {
  const leads = JSON.parse(readFileSync(join(__dirname, '../../../../locales/en/leads.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  const has = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], leads) !== undefined;
  const keys = [
    ...TIMELINE_KINDS.map((k) => entryView(item({ kind: k })).kindKey),
    ...DIRECTIONS.map((d) => entryView(item({ kind: 'call', direction: d })).directionKey),
    ...DEAL_STAGES.map((s) => entryView(item({ kind: 'deal', status: s })).statusKey),
    ...TICKET_STATUSES.map((s) => entryView(item({ kind: 'ticket', status: s })).statusKey),
    ...CALL_OUTCOMES.map((s) => entryView(item({ kind: 'call_log', status: s })).statusKey),
    ...['open', 'done'].map((s) => entryView(item({ kind: 'task', status: s })).statusKey),
    entryView(item({ kind: 'note', status: 'doc' })).statusKey,
  ];
  for (const key of keys) expect(key !== null && has(key), String(key)).toBe(true);
});

test('entries are grouped by day in the order given, today and yesterday said so', () => {
  const now = new Date('2026-11-30T18:00:00Z');
  const groups = groupByDay(
    [
      item({ id: 1, at: '2026-11-30T15:00:00Z' }),
      item({ id: 2, at: '2026-11-30T08:00:00Z' }),
      item({ id: 3, at: '2026-11-29T23:59:00Z' }),
      item({ id: 4, at: '2026-11-20T10:00:00Z' }),
    ],
    now,
    'UTC',
  );
  expect(groups.map((g) => [g.day, g.relative, g.items.map((i) => i.id)])).toEqual([
    ['2026-11-30', 'today', [1, 2]],
    ['2026-11-29', 'yesterday', [3]],
    ['2026-11-20', null, [4]],
  ]);
  // The day is the zone's own: late on the 29th in UTC is the 30th in Kolkata.
  expect(dayOf('2026-11-29T23:59:00Z', 'Asia/Kolkata')).toBe('2026-11-30');
  expect(formatDayLabel('2026-11-20', 'en-GB')).toBe('Fri, 20 Nov 2026');
  expect(groupByDay([])).toEqual([]);
});

test('an older page is added under the shown entries, an entry shown already not repeated', () => {
  const shown = [item({ id: 1 }), item({ kind: 'note', id: 1 })];
  const older = [item({ kind: 'note', id: 1 }), item({ kind: 'deal', id: 1 }), item({ id: 2 })];
  expect(appendPage(shown, older).map((i) => `${i.kind}:${i.id}`)).toEqual(['message:1', 'note:1', 'deal:1', 'message:2']);
});

test('what a note or task did in the CRMs, by their own names', () => {
  expect(crmName('hubspot')).toBe('HubSpot');
  expect(crmName('somecrm')).toBe('somecrm');
  expect(listNames(['HubSpot', 'Zoho'], 'en')).toBe('HubSpot and Zoho');
  expect(listNames(['HubSpot', 'Zoho'], 'es')).toBe('HubSpot y Zoho');
  expect(activityReport({ id: 5, written_to: [], failed: [] }, 'en')).toEqual({ written: null, failed: [] });
  const zoho = crmName('zoho');
  expect(activityReport({ id: 5, written_to: ['hubspot'], failed: [{ provider: 'zoho', code: 'crm_unavailable' }] }, 'en')).toEqual({
    written: 'HubSpot',
    failed: [{ crm: zoho, code: 'crm_unavailable' }],
  });
});

test("a new task starts at the next whole hour; its due time is sent to the minute", () => {
  expect(nextHourInput(new Date(2026, 10, 30, 9, 41))).toBe('2026-11-30T10:00');
  expect(nextHourInput(new Date(2026, 11, 31, 23, 5))).toBe('2027-01-01T00:00');
  expect(dueOf('2026-11-30T10:00')).toBe('2026-11-30T10:00');
  expect(dueOf('2026-11-30T10:00:30')).toBe('2026-11-30T10:00');
  expect(dueOf('')).toBeNull();
  expect(dueOf('tomorrow')).toBeNull();
});
