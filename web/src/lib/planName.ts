// A plan's name, the same on every screen (issue #28): the catalogue's `plan_name` of the
// normalised id (Free, Personal Pro, Pro Plus, Teams — the server's plan list is the one place
// names live). Until the catalogue is read, or if it cannot be, a name that cannot be wrong:
// Free and Teams by their family, the Pro family (Personal Pro or Pro Plus, 000 §9) as "Paid
// plan" rather than a guess.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@/generated/contract';
import { rule } from '@/lib/domain';
import { usePlanList } from '@/stores/plans';

export type PlanNameKey = 'free' | 'paid' | 'teams' | 'unknown';

/** The name of `planId` from `plans` (the catalogue), else `fallback` of its family's key. */
export function planNameOf(planId: number, plans: readonly Plan[] | null, fallback: (key: PlanNameKey) => string): string {
  const info = rule('plan_info', { planId });
  if (info.err !== undefined) return fallback('unknown');
  const listed = plans?.find((p) => p.id === info.ok.normalizedId);
  if (listed) return listed.plan_name;
  return fallback(info.ok.kind === 'pro_plus' ? 'paid' : info.ok.kind);
}

/** `(planId) => name`, re-rendering when the catalogue arrives. */
export function usePlanName(): (planId: number) => string {
  const { t } = useTranslation();
  const plans = usePlanList((s) => s.plans);
  return useCallback((planId: number) => planNameOf(planId, plans, (key) => t(`plan_names.${key}`)), [plans, t]);
}
