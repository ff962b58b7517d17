// The only importer of the manage tools' wasm module (web/src/wasm-manage-pkg): the rules of
// quick replies, labels, funnels, user properties, tags, follow-ups and scheduled messages,
// built from the same domain crate as the boot module (src/lib/domain.ts) but shipped apart, so
// the module the boot path loads stays within its budget (docs/BENCHMARKS.md, 'Web app size').
// The module is fetched by a dynamic import the first time a screen asks for it: Vite puts it
// in a chunk of its own, which only the screens that use these rules pull in.
import { useEffect, useState } from 'react';
import type { ManageRuleName, ManageRules as ManageRuleTypes } from '../generated/domain';
import type { Outcome } from './domain';
import { setRuleValues } from './errorText';

export type { ManageRuleName } from '../generated/domain';
export type ManageRuleInput<K extends ManageRuleName> = ManageRuleTypes[K]['input'];
export type ManageRuleOutput<K extends ManageRuleName> = ManageRuleTypes[K]['output'];

/** The manage tools' rules, once their module has loaded (typed as `rule()` in domain.ts). */
export interface ManageRules {
  /** Runs a manage rule by name. Throws only when the call itself is malformed (a bug). */
  rule<K extends ManageRuleName>(name: K, input: ManageRuleInput<K>): Outcome<ManageRuleOutput<K>>;
  /** Runs a manage rule that cannot fail, returning its value. */
  value<K extends ManageRuleName>(name: K, input: ManageRuleInput<K>): ManageRuleOutput<K>;
  /** Every rule the module knows (for tests). */
  ruleNames(): string[];
}

type Module = typeof import('../wasm-manage-pkg/switchboard_wasm');

function bind(wasm: Module): ManageRules {
  const rule = <K extends ManageRuleName>(name: K, input: ManageRuleInput<K>) =>
    wasm.call(name, input) as Outcome<ManageRuleOutput<K>>;
  // The limits the messages name ('at most {{nameMax}} characters').
  const limits = rule('manage_limits', {});
  if (limits.err === undefined) setRuleValues({ ...limits.ok });
  return {
    rule,
    value(name, input) {
      const outcome = rule(name, input);
      if (outcome.err !== undefined) throw new Error(`rule ${name} failed: ${outcome.err}`);
      return outcome.ok;
    },
    ruleNames: () => wasm.ruleNames(),
  };
}

let loading: Promise<ManageRules> | undefined;
let loaded: ManageRules | undefined;

/** Loads the manage module (once; a failed load is tried again by the next call). */
export function loadManageRules(): Promise<ManageRules> {
  loading ??= import('../wasm-manage-pkg/switchboard_wasm').then(
    (wasm) => (loaded = bind(wasm)),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The manage rules for a screen: `rules` is null while the module loads (or if it failed). */
export function useManageRules(): { rules: ManageRules | null; error: Error | null } {
  const [state, setState] = useState<{ rules: ManageRules | null; error: Error | null }>(() => ({
    rules: loaded ?? null,
    error: null,
  }));
  useEffect(() => {
    let live = true;
    loadManageRules().then(
      (rules) => live && setState((s) => (s.rules === rules ? s : { rules, error: null })),
      (e: unknown) => live && setState({ rules: null, error: e instanceof Error ? e : new Error(String(e)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
