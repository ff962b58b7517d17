// The only importer of the manage tools' wasm module (web/src/wasm-manage-pkg): the rules of
// quick replies, labels, funnels, user properties, tags, follow-ups and scheduled messages,
// loaded with their screens (lazyRules.ts).
import type { ManageRuleName, ManageRules as ManageRuleTypes } from '../generated/domain';
import { lazyRules, type LoadedRules } from './lazyRules';
import { setRuleValues } from './errorText';

export type { ManageRuleName } from '../generated/domain';
export type ManageRuleInput<K extends ManageRuleName> = ManageRuleTypes[K]['input'];
export type ManageRuleOutput<K extends ManageRuleName> = ManageRuleTypes[K]['output'];

/** The manage tools' rules, once their module has loaded. */
export type ManageRules = LoadedRules<ManageRuleTypes>;

const manage = lazyRules<ManageRuleTypes>(
  () => import('../wasm-manage-pkg/switchboard_wasm'),
  (rules) => {
    // The limits the messages name ('at most {{nameMax}} characters').
    const limits = rules.rule('manage_limits', {});
    if (limits.err === undefined) setRuleValues({ ...limits.ok });
  },
);

/** Loads the manage module (once; a failed load is tried again by the next call). */
export const loadManageRules = manage.load;

/** The manage rules for a screen: `rules` is null while the module loads (or if it failed). */
export const useManageRules = manage.use;
