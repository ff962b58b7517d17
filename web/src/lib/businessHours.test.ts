// The business hours form's pieces: a new shift's times, midnight as a time input shows it, where
// a rule's refusal is said, the body sent, and weekdays, dates and hours in the page's language.
import { expect, test } from 'vitest';
import { draftOf, fieldOfRuleError, holidayText, hoursText, keptEnd, nextShift, shownEnd, updateOf, weekdayNames } from './businessHours';

test('a new shift: the default on a closed day, else after the last one, none past midnight', () => {
  expect(nextShift([])).toEqual({ start: '09:00', end: '18:00' });
  expect(nextShift([{ start: '09:00', end: '13:00' }])).toEqual({ start: '14:00', end: '16:00' });
  expect(nextShift([{ start: '18:00', end: '22:30' }])).toEqual({ start: '23:30', end: '24:00' });
  expect(nextShift([{ start: '20:00', end: '24:00' }])).toEqual({ start: '', end: '' });
});

test('the day’s end is 24:00 kept and 00:00 shown', () => {
  expect(shownEnd('24:00')).toBe('00:00');
  expect(shownEnd('18:00')).toBe('18:00');
  expect(keptEnd('00:00')).toBe('24:00');
  expect(keptEnd('18:30')).toBe('18:30');
});

test('a date’s refusal is said under the holidays, a shift’s under the week', () => {
  expect(fieldOfRuleError('holidays_too_many')).toBe('holidays');
  expect(fieldOfRuleError('date_invalid')).toBe('holidays');
  expect(fieldOfRuleError('shifts_overlap')).toBe('week');
  expect(fieldOfRuleError('shift_invalid')).toBe('week');
});

test('the body: the holidays in order without repeats, empty targets sent as none', () => {
  const draft = { week: [[], [], [], [], [], [], []], holidays: ['2030-05-01', '2030-01-01', '2030-05-01'], response: null, callback: 45 };
  expect(updateOf(42, draft)).toEqual({ org_id: 42, week: draft.week, holidays: ['2030-01-01', '2030-05-01'], response_target_minutes: null, callback_target_minutes: 45 });
  const view = { org_id: 42, time_zone: 'UTC', week: draft.week, holidays: [], weekly_minutes: 0, set: true };
  expect(draftOf(view)).toEqual({ week: draft.week, holidays: [], response: null, callback: null });
});

test('weekdays Monday first, dates and hours in the page’s language', () => {
  expect(weekdayNames('en')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  expect(weekdayNames('es')[0]).toBe('lunes');
  expect(weekdayNames('hi')[6]).toBe('रविवार');
  expect(holidayText('2030-12-25', 'en')).toBe('Dec 25, 2030');
  expect(holidayText('not a date', 'en')).toBe('not a date');
  expect(hoursText(2250, 'en')).toBe('37.5');
  expect(hoursText(2250, 'pt-BR')).toBe('37,5');
});
