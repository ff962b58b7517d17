// A wasm module of rules that is not on the boot path (the manage tools', the insights'): built
// from the same domain crate as the boot module (src/lib/domain.ts) but shipped apart, so the
// module the boot path loads stays within its budget (docs/BENCHMARKS.md, 'Web app size'). It is
// fetched by a dynamic import the first time a screen asks for it: Vite puts it in a chunk of its
// own, which only the screens that use its rules pull in. Each module's own file (manageDomain.ts,
// insightsDomain.ts) is the only importer of its package and makes its loader here.
import { useEffect, useState } from 'react';
import type { Outcome } from './domain';

/** A registry's rules by name, as src/generated/domain.ts declares each (`ManageRules`, …). */
type RuleMap<M> = { [K in keyof M]: { input: unknown; output: unknown } };

/** The two exports every rules module has. */
interface WasmRules {
  call(name: string, input: unknown): unknown;
  ruleNames(): string[];
}

/** A module's rules, once it has loaded. */
export interface LoadedRules<M extends RuleMap<M>> {
  /** Runs a rule by name. Throws only when the call itself is malformed (a bug). */
  rule<K extends keyof M & string>(name: K, input: M[K]['input']): Outcome<M[K]['output']>;
  /** Runs a rule that cannot fail, returning its value. */
  value<K extends keyof M & string>(name: K, input: M[K]['input']): M[K]['output'];
  /** Every rule the module knows (for tests). */
  ruleNames(): string[];
}

/**
 * The loader of one module: `load` fetches it once (a failed load is tried again by the next
 * call) and runs `onLoad` on its rules; `use` gives a screen the rules, null while the module
 * loads or if it failed.
 */
export function lazyRules<M extends RuleMap<M>>(importModule: () => Promise<WasmRules>, onLoad?: (rules: LoadedRules<M>) => void) {
  let loading: Promise<LoadedRules<M>> | undefined;
  let loaded: LoadedRules<M> | undefined;

  function bind(wasm: WasmRules): LoadedRules<M> {
    const rule = <K extends keyof M & string>(name: K, input: M[K]['input']) => wasm.call(name, input) as Outcome<M[K]['output']>;
    const rules: LoadedRules<M> = {
      rule,
      value(name, input) {
        const outcome = rule(name, input);
        if (outcome.err !== undefined) throw new Error(`rule ${name} failed: ${outcome.err}`);
        return outcome.ok;
      },
      ruleNames: () => wasm.ruleNames(),
    };
    onLoad?.(rules);
    return rules;
  }

  function load(): Promise<LoadedRules<M>> {
    loading ??= importModule().then(
      (wasm) => (loaded = bind(wasm)),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    );
    return loading;
  }

  function use(): { rules: LoadedRules<M> | null; error: Error | null } {
    const [state, setState] = useState<{ rules: LoadedRules<M> | null; error: Error | null }>(() => ({
      rules: loaded ?? null,
      error: null,
    }));
    useEffect(() => {
      let live = true;
      load().then(
        (rules) => live && setState((s) => (s.rules === rules ? s : { rules, error: null })),
        (e: unknown) => live && setState({ rules: null, error: e instanceof Error ? e : new Error(String(e)) }),
      );
      return () => {
        live = false;
      };
    }, []);
    return state;
  }

  return { load, use };
}
