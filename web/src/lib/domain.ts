// The only importer of the wasm module. Every business rule the UI needs runs through `rule()`,
// computed by the same Rust functions the server runs; the types come from the Rust types
// (src/generated/domain.ts), so a renamed field breaks the build, not the user.
import * as wasm from '../wasm-pkg/switchboard_wasm';
import type { Language, RuleErrorCode, Rules } from '../generated/domain';

export type { RuleErrorCode, Rules } from '../generated/domain';
export type RuleName = keyof Rules;
export type RuleInput<K extends RuleName> = Rules[K]['input'];
export type RuleOutput<K extends RuleName> = Rules[K]['output'];

/** A rule's verdict: the parsed value, or the code of the rule it broke. */
export type Outcome<T> = { ok: T; err?: undefined } | { err: RuleErrorCode; ok?: undefined };

/** Runs a domain rule by name. Throws only when the call itself is malformed (a bug). */
export function rule<K extends RuleName>(name: K, input: RuleInput<K>): Outcome<RuleOutput<K>> {
  return wasm.call(name, input) as Outcome<RuleOutput<K>>;
}

/** Runs a rule that cannot fail, returning its value. */
export function value<K extends RuleName>(name: K, input: RuleInput<K>): RuleOutput<K> {
  const outcome = rule(name, input);
  if (outcome.err !== undefined) throw new Error(`rule ${name} failed: ${outcome.err}`);
  return outcome.ok as RuleOutput<K>;
}

/** 000 §9 and 001 §9: the business constants, from the domain crate (never retyped here). */
export const CONSTANTS = value('business_constants', {});

/** Every rule the module knows (for tests). */
export const ruleNames = (): string[] => wasm.ruleNames();

export type LanguageTag = Language;

/** Stored preference, else the first browser language the product speaks, else English. */
export function resolveLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): LanguageTag {
  return value('resolve_language', { stored, browserLanguages: [...browserLanguages] });
}

/** The IANA zones an organisation may choose. */
export function offeredTimeZones(): string[] {
  return value('time_zones', {});
}

type ShapeInput = RuleInput<'shape_buckets'>;
type ChartSeries = RuleOutput<'shape_buckets'>;

/**
 * `shape_buckets` for series of any length: the same rule, but the buckets cross into wasm as
 * two typed arrays rather than one object each (docs/BENCHMARKS.md has the difference).
 * Buckets whose key is a bucket name rather than a timestamp go through `rule()`.
 */
export function shapeSeries(input: ShapeInput): Outcome<ChartSeries> {
  if (input.buckets.some((b) => typeof b.key !== 'number')) return rule('shape_buckets', input);
  const n = input.buckets.length;
  const starts = new Float64Array(n);
  const counts = new Float64Array(n);
  input.buckets.forEach((b, i) => {
    starts[i] = b.key as number;
    counts[i] = b.doc_count;
  });
  let shaped: wasm.ShapedColumns;
  try {
    shaped = wasm.shapeColumns(input.granularity, input.startMs, input.endMs, input.timeZone ?? undefined, starts, counts);
  } catch (e) {
    return { err: (e as Error).message as RuleErrorCode };
  }
  const keys = shaped.keys.split('\n');
  const values = shaped.counts;
  const hourly = input.granularity === 'hour_of_day';
  const points = keys.map((key, i) => ({ key: hourly ? Number(key) : key, count: values[i] ?? 0 }));
  const out = { ok: { points, total: shaped.total, outside: shaped.outside } as ChartSeries };
  shaped.free();
  return out;
}
