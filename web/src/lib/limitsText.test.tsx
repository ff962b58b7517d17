// Messages name the limit the domain's rule checks (issue #25): the manage module gives its
// limits when it loads, and every message of a limited rule is written with them.
import { renderHook } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { getRuleValues, useCodeText } from './errorText';
import { initI18n, LANGUAGES } from './i18n';
import { loadManageRules } from './manageDomain';

beforeAll(async () => {
  await initI18n('en');
  await loadManageRules();
});

describe('limits in messages', () => {
  it('come from the manage module', async () => {
    const rules = await loadManageRules();
    expect(getRuleValues()).toMatchObject(rules.value('manage_limits', {}));
  });

  it('are written into the messages, in the rule\'s own numbers', () => {
    const { result } = renderHook(() => useCodeText());
    const text = result.current;
    expect(text('quick_reply_name_invalid')).toBe('Give the quick reply a name of 1 to 60 characters');
    expect(text('tag_too_long')).toBe('A tag can be at most 10 characters');
    expect(text('tags_too_many')).toBe('A contact can have at most 2 tags');
    expect(text('funnel_stage_invalid')).toBe('Stage names need 1 to 30 characters');
    expect(text('attachment_too_large')).toBe('Files can be at most 16 MB');
  });

  it('use only placeholders the module gives, in every language', () => {
    const known = new Set(Object.keys(getRuleValues()).concat(['count', 'n', 'name', 'list', 'path']));
    for (const lang of LANGUAGES) {
      const errors = JSON.parse(readFileSync(join(__dirname, '../../../locales', lang, 'errors.json'), 'utf8')) as Record<string, string>;
      for (const key of ['quick_reply_name_invalid', 'quick_reply_message_invalid', 'label_name_too_long', 'funnel_name_invalid', 'funnel_stages_required', 'funnel_stage_invalid', 'tags_too_many', 'tag_too_long', 'attachment_too_large']) {
        const names = [...errors[key]!.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!);
        expect(names.length, `${lang}:${key} names its limit`).toBeGreaterThan(0);
        for (const n of names) expect(known.has(n), `${lang}:${key} {{${n}}}`).toBe(true);
      }
    }
  });

  it('tell a host that was not found from one that is not public', () => {
    const { result } = renderHook(() => useCodeText());
    expect(result.current('host_not_found')).toMatch(/could not find/);
    expect(result.current('host_not_found')).not.toBe(result.current('address_refused'));
  });
});
