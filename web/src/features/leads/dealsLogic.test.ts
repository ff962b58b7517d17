// The pipeline's pure parts: the amount's rule (the server's), decimals added in hundredths
// without floating point, money in the page's language, and a deal moved on the board with both
// columns' counts and totals following it, and back to its place.
import { expect, test } from 'vitest';
import { boardOf, deal } from './testing';
import { findDeal, formatDay, formatMoney, fromCents, orderedStages, placeDeal, toCents, validAmount } from './dealsLogic';

test('an amount is digits, a dot and at most two decimals, not negative', () => {
  for (const ok of ['0', '1250', '1250.5', '1250.50', ' 7.00 ', '9999999999999.99']) expect(validAmount(ok), ok).toBe(true);
  for (const bad of ['', '-1', '1,250.50', '1250,50', '1.234', '.5', '5.', '1e3', '12345678901234', 'abc']) expect(validAmount(bad), bad).toBe(false);
});

test('decimals are added in hundredths, exactly', () => {
  expect(toCents('0.1')! + toCents('0.2')!).toBe(30n);
  expect(fromCents(toCents('0.1')! + toCents('0.2')!)).toBe('0.30');
  expect(fromCents(toCents('9999999999999.99')! + 1n)).toBe('10000000000000.00');
  expect(fromCents(-5n)).toBe('-0.05');
  expect(toCents('12.3.4')).toBeNull();
});

test('money and days are written in the page language', () => {
  expect(formatMoney('1250.5', 'USD', 'en')).toBe('$1,250.50');
  expect(formatMoney('1250.5', 'EUR', 'pt-PT')).toMatch(/^1\s?250,50\s€$/);
  expect(formatMoney('10', 'ZZ', 'en')).toBe('10 ZZ');
  expect(formatDay('2026-12-20', 'en')).toBe('Dec 20, 2026');
  expect(formatDay('soon', 'en')).toBe('soon');
});

test('a moved deal takes its amount to the other column, and comes back to its place', () => {
  const a = deal({ id: 1, amount: '10.25' });
  const b = deal({ id: 2, amount: '5.00' });
  const c = deal({ id: 3, amount: '1.00', currency: 'EUR', stage: 'closedwon' });
  const board = boardOf([a, b, c]);
  const moved = placeDeal(board, a, 'closedwon');
  const [first, , , , , won] = orderedStages(moved);
  expect(first).toMatchObject({ count: 1, totals: { USD: '5.00' } });
  expect(first!.deals.map((d) => d.id)).toEqual([2]);
  expect(won).toMatchObject({ count: 2, totals: { EUR: '1.00', USD: '10.25' } });
  expect(won!.deals.map((d) => [d.id, d.stage])).toEqual([
    [1, 'closedwon'],
    [3, 'closedwon'],
  ]);

  const back = placeDeal(moved, a, 'appointmentscheduled', 0);
  expect(back).toEqual(board);
  expect(findDeal(back, 1)).toMatchObject({ stage: 'appointmentscheduled', index: 0 });
  expect(findDeal(back, 99)).toBeNull();
});
