// The planner's pure helpers: rule codes on their fields, server refusals on theirs, the zone a
// form starts in, wall-clock times in a zone, relative times, excerpts, and finding a recurring
// follow-up's next occurrence on the board after ticking it.
import { ApiError } from '@/lib/api';
import { followUp } from './testing';
import {
  defaultZone,
  excerpt,
  followUpFieldOf,
  followUpServerErrors,
  leadMinutes,
  leadParts,
  localInZone,
  nextOccurrence,
  nextWholeHour,
  relativeTime,
  remindAtMs,
  scheduleFieldOf,
  scheduleServerErrors,
  zoneOptions,
} from './logic';

test('rule codes land on the field they are about', () => {
  expect(followUpFieldOf('title_required')).toBe('title');
  expect(followUpFieldOf('time_has_passed')).toBe('due');
  expect(followUpFieldOf('amount_invalid')).toBe('amount');
  expect(followUpFieldOf('something_new')).toBe('form');
  expect(scheduleFieldOf('phone_country_code_missing')).toBe('recipient');
  expect(scheduleFieldOf('message_and_upload_empty')).toBe('message');
  expect(scheduleFieldOf('time_has_passed')).toBe('start');
  expect(scheduleFieldOf('repeat_invalid')).toBe('repeat');
});

test("the server's fields land on the form's fields; a refusal naming none lands on the form", () => {
  expect(followUpServerErrors(new ApiError(422, 'validation_failed', { due: 'time_has_passed', time_zone: 'unknown_time_zone' }))).toEqual({
    due: 'time_has_passed',
  });
  expect(scheduleServerErrors(new ApiError(422, 'validation_failed', { file: 'attachment_too_large', odd: 'x' }))).toEqual({
    attachment: 'attachment_too_large',
    form: 'x',
  });
  expect(scheduleServerErrors(new ApiError(403, 'forbidden'))).toEqual({ form: 'forbidden' });
  expect(followUpServerErrors(new Error('boom'))).toEqual({ form: 'internal' });
});

test("a form starts in the browser's zone when offered, else the organisation's, else Asia/Kolkata", () => {
  const offered = ['America/New_York', 'Asia/Kolkata', 'Europe/Lisbon'];
  expect(defaultZone(offered, 'Europe/Lisbon', 'America/New_York')).toBe('Europe/Lisbon');
  expect(defaultZone(offered, 'Mars/Olympus', 'America/New_York')).toBe('America/New_York');
  expect(defaultZone(offered, undefined, null)).toBe('Asia/Kolkata');
  expect(zoneOptions(offered, 'Pacific/Chatham')).toEqual(['Pacific/Chatham', ...offered]);
  expect(zoneOptions(offered, 'Asia/Kolkata')).toEqual(offered);
});

test('wall-clock times in a zone, across the India midnight edge', () => {
  expect(localInZone(Date.parse('2030-01-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2030-01-01T23:59');
  expect(localInZone(Date.parse('2030-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2030-01-02T00:00');
  expect(nextWholeHour(Date.parse('2030-01-01T06:30:00Z'), 'Asia/Kolkata')).toBe('2030-01-01T13:00');
  expect(nextWholeHour(Date.parse('2030-01-01T06:30:00Z'), 'Europe/Lisbon')).toBe('2030-01-01T07:00');
});

test('relative times to the nearest unit', () => {
  const now = Date.parse('2030-01-01T06:30:00Z');
  expect(relativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
  expect(relativeTime(now + 46 * 3_600_000, now, 'en')).toBe('in 2 days');
  expect(relativeTime(now + 20_000, now, 'en')).toBe('now');
  expect(relativeTime(now + 3 * 3_600_000, now, 'es')).toBe('dentro de 3 horas');
});

test('an excerpt is the first line, cut with an ellipsis when longer', () => {
  expect(excerpt('Short')).toBe('Short');
  expect(excerpt('First line\nsecond')).toBe('First line…');
  expect(excerpt('x'.repeat(90), 80)).toBe(`${'x'.repeat(80)}…`);
});

test("a ticked recurring follow-up's next occurrence: the same entry moved later, or a new one", () => {
  const done = followUp({ id: 1, recurrence: 'weekly', due_at: '2030-01-01T03:30:00Z' });
  const before = { pending: [done], upcoming: [], completed: [] };
  const moved = { ...done, due_at: '2030-01-08T03:30:00Z', state: 'upcoming' as const };
  expect(nextOccurrence(done, before, { pending: [], upcoming: [moved], completed: [] })).toBe(moved);
  const added = followUp({ id: 9, recurrence: 'weekly', due_at: '2030-01-08T03:30:00Z', state: 'upcoming' });
  const completed = { ...done, state: 'completed' as const, completed_at: '2030-01-01T06:30:00Z' };
  expect(nextOccurrence(done, before, { pending: [], upcoming: [added], completed: [completed] })).toBe(added);
  expect(nextOccurrence({ ...done, recurrence: 'none' }, before, { pending: [], upcoming: [added], completed: [] })).toBeNull();
});

describe('lead times (001 §3: minutes, hours, days, weeks)', () => {
  it('shows minutes as the largest unit that divides them', () => {
    expect(leadParts(null)).toBeNull();
    expect(leadParts(0)).toBeNull();
    expect(leadParts(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(leadParts(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(leadParts(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(leadParts(20_160)).toEqual({ amount: 2, unit: 'weeks' });
  });

  it('turns an amount and unit into minutes: blank or 0 is none, anything but a whole number is NaN', () => {
    expect(leadMinutes('', 'hours')).toBeNull();
    expect(leadMinutes('0', 'days')).toBeNull();
    expect(leadMinutes(' 3 ', 'hours')).toBe(180);
    expect(leadMinutes('1', 'weeks')).toBe(10_080);
    expect(leadMinutes('1.5', 'hours')).toBeNaN();
    expect(leadMinutes('-1', 'minutes')).toBeNaN();
    expect(leadMinutes('soon', 'minutes')).toBeNaN();
  });

  it('notifies at the due time less the lead time', () => {
    expect(remindAtMs({ due_at: '2030-01-01T10:00:00Z', lead_minutes: null })).toBe(Date.parse('2030-01-01T10:00:00Z'));
    expect(remindAtMs({ due_at: '2030-01-01T10:00:00Z', lead_minutes: 90 })).toBe(Date.parse('2030-01-01T08:30:00Z'));
  });
});
