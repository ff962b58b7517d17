// The /leads table's columns and the person's choice of them. The name and the number are always
// shown; every other column can be hidden or shown again, and the choice is kept in this browser
// (local storage, `switchboard.leads.columns`) as a JSON list of the hideable columns shown. What
// is read back is never trusted: a value that is not such a list (or names no column this table
// has) gives the default set, and a key this table does not know is left out.
export const LEAD_COLUMNS = [
  'name',
  'phone',
  'email',
  'company',
  'job_title',
  'lifecycle_stage',
  'lead_status',
  'owner',
  'labels',
  'source',
  'updated',
  'created',
] as const;
export type LeadColumn = (typeof LEAD_COLUMNS)[number];

/** Shown whatever the choice. */
export const FIXED_COLUMNS: readonly LeadColumn[] = ['name', 'phone'];

/** Shown until the person chooses otherwise: the table as it was before columns could be chosen. */
export const DEFAULT_COLUMNS: readonly LeadColumn[] = ['name', 'phone', 'company', 'lifecycle_stage', 'lead_status', 'owner', 'updated'];

export const COLUMNS_STORAGE_KEY = 'switchboard.leads.columns';

export const isLeadColumn = (v: unknown): v is LeadColumn => typeof v === 'string' && (LEAD_COLUMNS as readonly string[]).includes(v);
export const isFixedColumn = (c: LeadColumn): boolean => FIXED_COLUMNS.includes(c);

/** The columns of `chosen` and the fixed ones, in the table's order, each once. */
function inTableOrder(chosen: Iterable<LeadColumn>): LeadColumn[] {
  const wanted = new Set<LeadColumn>(chosen);
  return LEAD_COLUMNS.filter((c) => isFixedColumn(c) || wanted.has(c));
}

/** The columns shown (fixed ones included, in the table's order) from a saved value: the
 * default set for nothing saved, a value that is not a JSON list, or a list naming no column
 * this table has; otherwise the known keys, the others ignored (`[]` shows the fixed ones only). */
export function parseColumns(raw: string | null | undefined): LeadColumn[] {
  if (raw === null || raw === undefined) return [...DEFAULT_COLUMNS];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [...DEFAULT_COLUMNS];
  }
  if (!Array.isArray(value)) return [...DEFAULT_COLUMNS];
  const known = value.filter(isLeadColumn);
  if (value.length > 0 && known.length === 0) return [...DEFAULT_COLUMNS];
  return inTableOrder(known);
}

/** The saved value of `shown`: a JSON list of the hideable columns shown, in the table's order. */
export function serializeColumns(shown: Iterable<LeadColumn>): string {
  return JSON.stringify(inTableOrder(shown).filter((c) => !isFixedColumn(c)));
}

/** `shown` with `column` shown (`on`) or hidden; a fixed column stays. */
export function withColumn(shown: readonly LeadColumn[], column: LeadColumn, on: boolean): LeadColumn[] {
  return inTableOrder(on ? [...shown, column] : shown.filter((c) => c !== column));
}

/** The choice kept in this browser (the default set when storage is unavailable). */
export function readColumns(): LeadColumn[] {
  try {
    return parseColumns(window.localStorage.getItem(COLUMNS_STORAGE_KEY));
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

/** Keeps the choice in this browser. */
export function writeColumns(shown: readonly LeadColumn[]): void {
  try {
    window.localStorage.setItem(COLUMNS_STORAGE_KEY, serializeColumns(shown));
  } catch {
    // Storage can be disabled (private mode, quota): the choice lasts as long as the page.
  }
}
