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
