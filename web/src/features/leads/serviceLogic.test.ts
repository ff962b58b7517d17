// Tickets' and calls' pure parts: a call's length written as m:ss or h:mm:ss and read back from
// minutes and seconds (a day at most), the form's local time to RFC 3339 and back, a time in the
// future, the keys every status, type and outcome is translated by, and the server's refusals in
// the form's own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  CALL_OUTCOMES,
  callOutcomeKey,
  formatDuration,
  fromLocalInput,
  inFuture,
  isCallOutcome,
  isTicketStatus,
  isTicketType,
  parseDuration,
  refusalKey,
  TICKET_STATUSES,
  TICKET_TYPES,
  ticketStatusKey,
  ticketTypeKey,
  toLocalInput,
} from './serviceLogic';

test('a length is m:ss under an hour and h:mm:ss from an hour', () => {
  expect(formatDuration(0)).toBe('0:00');
  expect(formatDuration(5)).toBe('0:05');
  expect(formatDuration(245)).toBe('4:05');
  expect(formatDuration(3599)).toBe('59:59');
  expect(formatDuration(3600)).toBe('1:00:00');
  expect(formatDuration(3723)).toBe('1:02:03');
  expect(formatDuration(86_400)).toBe('24:00:00');
  expect(formatDuration(-3)).toBe('0:00');
  expect(formatDuration(Number.NaN)).toBe('0:00');
});

test('a length is read from whole minutes and 0–59 seconds, a day at most', () => {
  expect(parseDuration('', '')).toBe(0);
  expect(parseDuration('4', '5')).toBe(245);
  expect(parseDuration(' 4 ', '')).toBe(240);
  expect(parseDuration('', '59')).toBe(59);
  expect(parseDuration('1440', '0')).toBe(86_400);
  for (const [m, s] of [
    ['1440', '1'],
    ['0', '60'],
    ['-1', '0'],
    ['1.5', '0'],
    ['4', 'x'],
    ['1e3', '0'],
    ['999999', '0'],
  ] as const)
    expect(parseDuration(m, s), `${m}:${s}`).toBeNull();
});

test('the form shows a moment in the browser zone to the minute, and sends it back in UTC', () => {
  const at = new Date(2026, 10, 28, 9, 5, 42);
  expect(toLocalInput(at)).toBe('2026-11-28T09:05');
  expect(fromLocalInput('2026-11-28T09:05')).toBe(new Date(2026, 10, 28, 9, 5).toISOString());
  expect(fromLocalInput(toLocalInput(at))).toBe(new Date(2026, 10, 28, 9, 5).toISOString());
  for (const bad of ['', 'soon', '2026-11-28', '2026-13-45T99:99']) expect(fromLocalInput(bad), bad).toBeNull();
});

test('a time is in the future only past the minute the server allows', () => {
  const now = new Date('2026-11-28T09:00:00Z');
  expect(inFuture('2026-11-28T08:59:00Z', now)).toBe(false);
  expect(inFuture('2026-11-28T09:00:59Z', now)).toBe(false);
  expect(inFuture('2026-11-28T09:01:01Z', now)).toBe(true);
});

test('every status, type and outcome has its text in the catalogue; others are not keys', () => {
  const en = JSON.parse(readFileSync(join(__dirname, '../../../../locales/en/leads.json'), 'utf8')) as Record<string, Record<string, string>>;
  const text = (key: string) => {
    const [group, name] = key.split('.') as [string, string];
    return en[group]?.[name];
  };
  expect(TICKET_STATUSES.map((s) => text(ticketStatusKey(s)))).toEqual(['New', 'Waiting on contact', 'Waiting on us', 'Closed']);
  expect(TICKET_TYPES.map((s) => text(ticketTypeKey(s)))).toEqual(['Product issue', 'Billing issue', 'Feature request', 'General inquiry']);
  expect(CALL_OUTCOMES.map((s) => text(callOutcomeKey(s)))).toEqual(['Busy', 'Connected', 'Left live message', 'Left voicemail', 'No answer', 'Wrong number']);
  expect(isTicketStatus('waiting_on_us')).toBe(true);
  expect(isTicketStatus('open')).toBe(false);
  expect(isTicketType(null)).toBe(false);
  expect(isCallOutcome('hung_up')).toBe(false);
});

test("the server's refusals have the form's own words where it has them", () => {
  expect(refusalKey('name', 'fields_required')).toBe('tickets.name_required');
  expect(refusalKey('name', 'value_invalid')).toBe('tickets.name_invalid');
  expect(refusalKey('ticket_type', 'value_invalid')).toBe('service.choose');
  expect(refusalKey('duration_secs', 'value_invalid')).toBe('calls.duration_invalid');
  expect(refusalKey('called_at', 'value_invalid')).toBe('calls.when_invalid');
  expect(refusalKey('name', 'rate_limited')).toBeNull();
  expect(refusalKey('org_id', 'value_invalid')).toBeNull();
});
