// One name per plan id: the catalogue's for the normalised id, and before it is read a name that
// cannot be wrong (the Pro family is "Paid plan", never a guess between Personal Pro and Pro Plus).
import { expect, test } from 'vitest';
import type { Plan } from '@/generated/contract';
import { planNameOf } from './planName';

const plan = (id: number, plan_name: string) => ({ id, plan_name }) as Plan;
const catalogue = [plan(1, 'Free'), plan(3, 'Personal Pro'), plan(7, 'Personal Pro'), plan(8, 'Pro Plus'), plan(10, 'Teams')];
const key = (k: string) => `<${k}>`;

test('a plan id is named by the catalogue, after normalising', () => {
  expect(planNameOf(3, catalogue, key)).toBe('Personal Pro');
  expect(planNameOf(1007, catalogue, key)).toBe('Personal Pro');
  expect(planNameOf(18, catalogue, key)).toBe('Pro Plus');
  expect(planNameOf(10, catalogue, key)).toBe('Teams');
});

test('without the catalogue, only names that cannot be wrong', () => {
  expect(planNameOf(3, null, key)).toBe('<paid>');
  expect(planNameOf(9, null, key)).toBe('<paid>');
  expect(planNameOf(1, null, key)).toBe('<free>');
  expect(planNameOf(11, null, key)).toBe('<teams>');
  expect(planNameOf(5, catalogue, key)).toBe('<unknown>');
  // An id the catalogue lacks falls back the same way.
  expect(planNameOf(9, catalogue, key)).toBe('<paid>');
});
