// The periods the screens offer (000 §3): the nine date presets, in the order the spec lists
// them. What each one means in the organisation's zone is the domain's `date_preset` rule.
import type { DatePreset } from '@/generated/domain';

export const DATE_PRESETS: readonly DatePreset[] = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_6_months',
  'this_year',
  'last_year',
];
