import { expect, test } from 'vitest';
import { DATE_PRESETS } from './periods';

test('the nine presets in the order the spec lists them, the default (the last 7 days) apart', () => {
  expect(DATE_PRESETS).toEqual(['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month', 'last_6_months', 'this_year', 'last_year']);
  expect(DATE_PRESETS).not.toContain('last_7_days');
});
