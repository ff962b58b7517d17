// The deal pipeline as the CRM has it (domain::deals; docs/API.md "Deals"): the stages in the
// board's order, the currencies offered, the amount's rule, money in words of the page's
// language, and the board changed in place while a move is on its way to the server. The screens
// translate each stage (`leads:dealStages.<key>`).
import type { Board, BoardStage, Deal } from '@/generated/contract';

export const DEAL_STAGES = [
  'appointmentscheduled',
  'qualifiedtobuy',
  'presentationscheduled',
  'decisionmakerboughtin',
  'contractsent',
  'closedwon',
  'closedlost',
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const FIRST_STAGE: DealStage = 'appointmentscheduled';

export const isDealStage = (v: string | null | undefined): v is DealStage => (DEAL_STAGES as readonly string[]).includes(v ?? '');

/** The currencies offered first (any other three letters the server accepts are shown as they are). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'BRL', 'IDR', 'MXN', 'ARS', 'COP', 'CLP', 'PEN', 'CAD', 'AUD', 'SGD', 'AED', 'ZAR', 'JPY', 'CNY'] as const;
export const DEFAULT_CURRENCY = 'USD';

/** An amount as the server takes it: digits, a dot and at most two decimals, not negative. */
export const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/;
export const validAmount = (text: string): boolean => AMOUNT_RE.test(text.trim());

/** The most characters of a deal's texts, as the server bounds them. */
export const DEAL_NAME_MAX = 200;
export const DEAL_DESCRIPTION_MAX = 5000;

/** How many deals a column shows at most (the most recently changed). */
export const COLUMN_MAX = 200;

/** A stage's colour: early blue, late orange, won green, lost red. */
export function dealStageColor(stage: string | null | undefined): string {
  switch (stage) {
    case 'appointmentscheduled':
    case 'qualifiedtobuy':
      return 'blue';
    case 'presentationscheduled':
    case 'decisionmakerboughtin':
      return 'indigo';
    case 'contractsent':
      return 'orange';
    case 'closedwon':
      return 'teal';
    case 'closedlost':
      return 'red';
    default:
      return 'gray';
  }
}

/** `1250.5` USD as the language writes it ("$1,250.50"); a code Intl does not know is written as is. */
export function formatMoney(amount: string, currency: string, language: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(n);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A `YYYY-MM-DD` day as the language writes it (the day itself, whatever the time zone). */
export function formatDay(day: string, language: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** A decimal's hundredths (`"1250.5"` → 125050n); null when it is not a plain decimal. */
export function toCents(text: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** Hundredths as the server writes a decimal (`125050n` → `"1250.50"`). */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The column's totals with the deal's amount added (`sign` 1) or taken away (-1). */
function retotal(column: BoardStage, deal: Deal, sign: 1n | -1n, deals: Deal[]): BoardStage['totals'] {
  const amount = deal.amount === null ? null : toCents(deal.amount);
  if (amount === null) return column.totals;
  const before = toCents(column.totals[deal.currency] ?? '0') ?? 0n;
  const after = before + sign * amount;
  const totals = { ...column.totals, [deal.currency]: fromCents(after) };
  // A currency no shown deal has any more and that adds up to nothing is no longer a total.
  if (after === 0n && !deals.some((d) => d.currency === deal.currency && d.amount !== null)) delete totals[deal.currency];
  return totals;
}

/** Where a deal is on the board: its column and place, or null. */
export function findDeal(board: Board, id: number): { deal: Deal; stage: string; index: number } | null {
  for (const column of board.stages) {
    const index = column.deals.findIndex((d) => d.id === id);
    if (index >= 0) return { deal: column.deals[index]!, stage: column.stage, index };
  }
  return null;
}

/**
 * The board with `deal` in the column of `stage` at `index` (the top by default), taken out of
 * wherever it was: both columns' counts and totals follow. The deal is put in as given, with
 * its stage set to the column's.
 */
export function placeDeal(board: Board, deal: Deal, stage: string, index = 0): Board {
  const moved: Deal = { ...deal, stage };
  return {
    ...board,
    stages: board.stages.map((column) => {
      let next = column;
      const had = column.deals.some((d) => d.id === deal.id);
      if (had) {
        const gone = column.deals.find((d) => d.id === deal.id)!;
        const deals = column.deals.filter((d) => d.id !== deal.id);
        next = { ...column, count: Math.max(0, column.count - 1), deals, totals: retotal(column, gone, -1n, deals) };
      }
      if (column.stage === stage) {
        const deals = [...next.deals];
        deals.splice(Math.min(index, deals.length), 0, moved);
        next = { ...next, count: next.count + 1, deals, totals: retotal(next, moved, 1n, deals) };
      }
      return next;
    }),
  };
}

/** The board with the server's word on a deal put in its place (its fields, not its column). */
export function replaceDeal(board: Board, deal: Deal): Board {
  const where = findDeal(board, deal.id);
  if (!where) return board;
  return placeDeal(board, deal, deal.stage, where.stage === deal.stage ? where.index : 0);
}

/** Whether the board holds no deal at all. */
export const boardEmpty = (board: Board): boolean => board.stages.every((s) => s.count === 0);

/** The board's columns in the pipeline's order, an empty one for a stage the answer lacks. */
export function orderedStages(board: Board): BoardStage[] {
  return DEAL_STAGES.map((stage) => board.stages.find((s) => s.stage === stage) ?? { stage, count: 0, totals: {}, deals: [] });
}
