// Cost of reaching the domain rules from JavaScript through the real wasm module
// (`just bench-wasm`; figures in docs/BENCHMARKS.md).
import { bench, describe } from 'vitest';
import * as wasm from '../wasm-pkg/switchboard_wasm';
import { rule, shapeSeries } from './domain';

const DAY = 86_400_000;
// 10 000 daily buckets in Asia/Kolkata, one aggregation bucket per local day.
const start = Date.UTC(2000, 0, 1) - 5.5 * 3_600_000;
const dailyBuckets = Array.from({ length: 10_000 }, (_, i) => ({ key: start + i * DAY, doc_count: i % 97 }));
const shapeInput = {
  granularity: 'day' as const,
  startMs: start,
  endMs: start + 10_000 * DAY - 1,
  timeZone: 'Asia/Kolkata',
  buckets: dailyBuckets,
};

describe('validation from JS', () => {
  bench('bitrix_domain (valid)', () => {
    rule('bitrix_domain', { domain: 'acme.bitrix24.com' });
  });
  bench('email (invalid)', () => {
    rule('email', { email: 'not-an-email' });
  });
  bench('target_percentage', () => {
    rule('target_percentage', { targetPercentage: '33.5' });
  });
});

const starts = new Float64Array(dailyBuckets.map((b) => b.key));
const counts = new Float64Array(dailyBuckets.map((b) => b.doc_count));

describe('chart shaping from JS', () => {
  bench('wasm shapeColumns alone, 10 000 daily buckets', () => {
    wasm.shapeColumns('day', shapeInput.startMs, shapeInput.endMs, 'Asia/Kolkata', starts, counts).free();
  });
  bench('shapeSeries (typed arrays), 10 000 daily buckets', () => {
    const out = shapeSeries(shapeInput);
    if (out.err) throw new Error(out.err);
  });
  bench('rule shape_buckets (objects), 10 000 daily buckets', () => {
    const out = rule('shape_buckets', shapeInput);
    if (out.err) throw new Error(out.err);
  });
});
