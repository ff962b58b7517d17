// The contacts' keys as the CRM has them (domain::contacts; docs/API.md), in the funnel's order,
// and the form's fields. The screens translate each key (`leads:stage.<key>`, `leads:status.<key>`).
export const LIFECYCLE_STAGES = [
  'subscriber',
  'lead',
  'marketingqualifiedlead',
  'salesqualifiedlead',
  'opportunity',
  'customer',
  'evangelist',
  'other',
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const LEAD_STATUSES = ['NEW', 'OPEN', 'IN_PROGRESS', 'OPEN_DEAL', 'UNQUALIFIED', 'ATTEMPTED_TO_CONTACT', 'BAD_TIMING'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const TEXT_FIELDS = ['name', 'first_name', 'last_name', 'email', 'company', 'job_title', 'address'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The most characters of each field, as the server bounds them. */
export const FIELD_MAX: Record<TextField, number> = {
  name: 120,
  first_name: 80,
  last_name: 80,
  email: 254,
  company: 120,
  job_title: 120,
  address: 300,
};

export const isStage = (v: string | null | undefined): v is LifecycleStage =>
  (LIFECYCLE_STAGES as readonly string[]).includes(v ?? '');
export const isStatus = (v: string | null | undefined): v is LeadStatus =>
  (LEAD_STATUSES as readonly string[]).includes(v ?? '');

/** Where a contact came from (`Contact.source`). */
export const CONTACT_SOURCES = ['member', 'chat', 'import', 'crm'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const isSource = (v: string | null | undefined): v is ContactSource => (CONTACT_SOURCES as readonly string[]).includes(v ?? '');

/** A stage's colour: cold to warm along the funnel, won in green, other grey. */
export function stageColor(stage: string | null | undefined): string {
  switch (stage) {
    case 'customer':
    case 'evangelist':
      return 'teal';
    case 'opportunity':
    case 'salesqualifiedlead':
      return 'orange';
    case 'marketingqualifiedlead':
    case 'lead':
      return 'blue';
    case 'subscriber':
      return 'indigo';
    default:
      return 'gray';
  }
}

/** The fields an import column may fill (`ContactImportQuery.mapping`), in the form's order. */
export const IMPORT_FIELDS = ['phone', 'name', 'first_name', 'last_name', 'email', 'address', 'company', 'job_title', 'lifecycle_stage', 'lead_status'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const isImportField = (v: string | null | undefined): v is ImportField => (IMPORT_FIELDS as readonly string[]).includes(v ?? '');

/** The files an import reads, and its bounds as the server sets them. */
export const IMPORT_ACCEPT = '.csv,.xlsx';
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_MB = 20;
/** The refusal of a mapping (or a guess) with no column for the number. */
export const NUMBER_COLUMN_MISSING = 'import_number_column_missing';

/** Whether a file's name says CSV or XLSX (the server reads its bytes all the same). */
export const importableFile = (file: File): boolean => /\.(csv|xlsx)$/i.test(file.name);

/** `phone,name,,email`: the field of each column in order, blank for a column left out. */
export const mappingParam = (fields: readonly (string | null)[]): string => fields.map((f) => f ?? '').join(',');

/** The mapping with column `index` set to `field` (null: left out); a field fills one column, so
 * another column that had it loses it. */
export function remap(fields: readonly (string | null)[], index: number, field: string | null): (string | null)[] {
  return fields.map((f, i) => (i === index ? field : field !== null && f === field ? null : f));
}

/** The most contacts one bulk change takes. */
export const BULK_MAX = 500;

/** A contact tag is at most this many characters, and a contact keeps at most `TAGS_MAX` tags
 * (the manage tools' rules, checked again by the server). */
export const TAG_MAX = 10;
export const TAGS_MAX = 2;
