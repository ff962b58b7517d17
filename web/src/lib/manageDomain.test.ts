// The two wasm modules answer disjoint registries: the boot module does not carry the manage
// tools' rules (that is what keeps it within budget) and the manage module carries nothing else.
import { act, renderHook, waitFor } from '@testing-library/react';
import { MANAGE_RULE_NAMES, RULE_NAMES } from '../generated/domain';
import { rule, ruleNames, type RuleName } from './domain';
import { loadManageRules, useManageRules, type ManageRuleName } from './manageDomain';

describe('the boot and the manage wasm modules', () => {
  it('each knows exactly its own registry', async () => {
    const manage = await loadManageRules();
    expect(ruleNames()).toEqual([...RULE_NAMES]);
    expect(manage.ruleNames()).toEqual([...MANAGE_RULE_NAMES]);
    expect(ruleNames().filter((n) => manage.ruleNames().includes(n))).toEqual([]);
  });

  it('the boot module does not know a manage rule', () => {
    expect(() => rule('quick_reply' as RuleName, { name: 'Hi', message: 'Hello' } as never)).toThrow(
      /^unknown_rule/,
    );
  });

  it('the manage module does not know a boot rule', async () => {
    const manage = await loadManageRules();
    expect(() => manage.rule('email' as ManageRuleName, { email: 'a@b.c' } as never)).toThrow(/^unknown_rule/);
  });

  it('is loaded once', async () => {
    expect(loadManageRules()).toBe(loadManageRules());
    expect(await loadManageRules()).toBe(await loadManageRules());
  });

  it('value() returns what rule() gives as ok, and throws on err', async () => {
    const manage = await loadManageRules();
    const tags = manage.rule('contact_tags', { tags: ['vip'] });
    expect(tags.err).toBeUndefined();
    expect(manage.value('contact_tags', { tags: ['vip'] })).toEqual(tags.ok);
    expect(() => manage.value('contact_tags', { tags: [] })).toThrow(/^rule contact_tags failed: /);
  });
});

describe('useManageRules', () => {
  it('gives the loaded rules to a screen', async () => {
    const { result } = renderHook(() => useManageRules());
    await waitFor(() => expect(result.current.rules).not.toBeNull());
    expect(result.current.error).toBeNull();
    expect(result.current.rules!.ruleNames()).toContain('schedule_preview');
  });

  it('has them at once on a later screen', async () => {
    await act(() => loadManageRules());
    const { result } = renderHook(() => useManageRules());
    expect(result.current.rules).not.toBeNull();
  });
});
