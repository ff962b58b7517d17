// Parity proven, not assumed: every shared vector in crates/domain/tests/vectors runs through
// the real wasm modules and must give exactly the outcome the Rust test expects. The manage
// tools' rules (MANAGE_RULE_NAMES) and the insight rules (INSIGHTS_RULE_NAMES) run through their
// own modules, loaded as their screens load them (manageDomain.ts, insightsDomain.ts); every
// other rule through the boot module (domain.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSIGHTS_RULE_NAMES, MANAGE_RULE_NAMES } from '../generated/domain';
import { rule, ruleNames, shapeSeries, type RuleName } from './domain';
import { loadInsightsRules, type InsightsRuleName } from './insightsDomain';
import { loadManageRules, type ManageRuleName } from './manageDomain';

interface Vector {
  name: string;
  rule: string;
  input: unknown;
  expected: unknown;
}

const dir = join(__dirname, '../../../crates/domain/tests/vectors');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const all: Array<[string, Vector]> = files.flatMap((f) =>
  (JSON.parse(readFileSync(join(dir, f), 'utf8')) as Vector[]).map((v) => [f, v] as [string, Vector]),
);

/** Structural equality with numbers compared by value (30 equals 30.0). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) < 1e-9;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return same(ka, kb) && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

const isManage = (name: string): name is ManageRuleName =>
  (MANAGE_RULE_NAMES as readonly string[]).includes(name);
const isInsights = (name: string): name is InsightsRuleName =>
  (INSIGHTS_RULE_NAMES as readonly string[]).includes(name);

describe('shared rule vectors through wasm', () => {
  it('there are at least 300 of them and every rule of every module has one', async () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    const covered = new Set(all.map(([, v]) => v.rule));
    const manage = await loadManageRules();
    const insights = await loadInsightsRules();
    const names = [...ruleNames(), ...manage.ruleNames(), ...insights.ruleNames()];
    expect(manage.ruleNames().length).toBeGreaterThan(0);
    expect(insights.ruleNames().length).toBeGreaterThan(0);
    const missing = names.filter((n) => !covered.has(n));
    expect(missing).toEqual([]);
  });

  it.each(all.map(([f, v]) => [`${f}: ${v.name}`, v] as const))('%s', async (_label, v) => {
    const got = isManage(v.rule)
      ? (await loadManageRules()).rule(v.rule, v.input as never)
      : isInsights(v.rule)
        ? (await loadInsightsRules()).rule(v.rule, v.input as never)
        : rule(v.rule as RuleName, v.input as never);
    if (!same(got, v.expected)) {
      expect(got).toEqual(v.expected);
    }
  });

  // The typed-array path must give the very same outcome as the rule for every shaping vector.
  const shaping = all.filter(([, v]) => v.rule === 'shape_buckets');
  it.each(shaping.map(([f, v]) => [`${f}: ${v.name}`, v] as const))('shapeSeries %s', (_label, v) => {
    const got = shapeSeries(v.input as never);
    if (!same(got, v.expected)) {
      expect(got).toEqual(v.expected);
    }
  });
});
