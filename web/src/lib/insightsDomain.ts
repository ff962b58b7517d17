// The only importer of the insights wasm module (web/src/wasm-insights-pkg): the dashboards'
// business-hours rules — the form checked, and the time of a span inside open hours, DST-exact
// in the organisation's zone — loaded with the screens that need them (lazyRules.ts).
import type { InsightsRules as InsightsRuleTypes } from '../generated/domain';
import { lazyRules, type LoadedRules } from './lazyRules';

export type { InsightsRuleName } from '../generated/domain';

/** The insight rules, once their module has loaded. */
export type InsightsRules = LoadedRules<InsightsRuleTypes>;

const insights = lazyRules<InsightsRuleTypes>(() => import('../wasm-insights-pkg/switchboard_wasm'));

/** Loads the insights module (once; a failed load is tried again by the next call). */
export const loadInsightsRules = insights.load;

/** The insight rules for a screen: `rules` is null while the module loads (or if it failed). */
export const useInsightsRules = insights.use;
