// The table's chosen columns as kept in the browser: read back defensively (nothing saved, bad
// JSON, not a list, unknown keys) and written as the hideable columns shown, in the table's order.
import { expect, test } from 'vitest';
import { DEFAULT_COLUMNS, LEAD_COLUMNS, parseColumns, serializeColumns, withColumn } from './columns';

test('nothing saved, bad JSON or a value that is not a list gives the default set', () => {
  for (const raw of [null, undefined, '', '{', 'null', '42', '"email"', '{"shown":["email"]}', '["foo","bar"]', '[1,true,null]']) {
    expect(parseColumns(raw), String(raw)).toEqual([...DEFAULT_COLUMNS]);
  }
});

test('a saved list keeps the known columns in the table order, ignores the rest, and always has the name and number', () => {
  expect(parseColumns('["created","email","nonsense",7,"email"]')).toEqual(['name', 'phone', 'email', 'created']);
  expect(parseColumns('[]')).toEqual(['name', 'phone']);
  expect(parseColumns('["phone"]')).toEqual(['name', 'phone']);
  expect(parseColumns(JSON.stringify(LEAD_COLUMNS))).toEqual([...LEAD_COLUMNS]);
});

test('the choice is saved as the hideable columns shown, in order, and reads back the same', () => {
  const shown = withColumn(withColumn([...DEFAULT_COLUMNS], 'created', true), 'company', false);
  expect(shown).toEqual(['name', 'phone', 'lifecycle_stage', 'lead_status', 'owner', 'updated', 'created']);
  const saved = serializeColumns(shown);
  expect(saved).toBe('["lifecycle_stage","lead_status","owner","updated","created"]');
  expect(parseColumns(saved)).toEqual(shown);
  expect(parseColumns(serializeColumns(['name', 'phone']))).toEqual(['name', 'phone']);
});

test('the name and the number cannot be hidden', () => {
  expect(withColumn(['name', 'phone', 'email'], 'name', false)).toEqual(['name', 'phone', 'email']);
  expect(withColumn(['name', 'phone', 'email'], 'phone', false)).toEqual(['name', 'phone', 'email']);
  expect(withColumn(['name', 'phone'], 'email', true)).toEqual(['name', 'phone', 'email']);
});
