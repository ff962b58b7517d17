// Translated labels of the admin lists' codes: plans by their catalogue name and billing period
// ("Pro Plus, yearly"; by the id's own name and the id until the catalogue is read), their standing, roles and
// membership statuses. An unknown value is shown as it is.
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { planNameOf } from '@/lib/planName';
import { planKind } from '../logic';
import { usePlans } from '../stores/plans';

const STANDINGS = ['trial', 'active', 'grace', 'free'] as const;
const ROLES: Record<number, 'admin' | 'manager' | 'employee' | 'owner'> = { 1: 'admin', 2: 'manager', 3: 'employee', 4: 'owner' };
const STATUSES: Record<number, 'invited' | 'active'> = { 1: 'invited', 2: 'active' };

export function useLabels() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const plans = usePlans((s) => s.plans);
  const loadPlans = usePlans((s) => s.load);
  useEffect(() => {
    void loadPlans();
  }, [loadPlans]);
  const plan = useCallback(
    (planId: number) => {
      const p = plans[planId];
      if (!p) return t('plans.label', { name: planNameOf(planId, null, (key) => tc(`plan_names.${key}`)), id: planId });
      if (planKind(planId) === 'free') return p.plan_name;
      return t('plans.named', { name: p.plan_name, period: t(p.is_monthly ? 'plans.monthly' : 'plans.yearly') });
    },
    [t, tc, plans],
  );
  const standing = useCallback(
    (s: string) => ((STANDINGS as readonly string[]).includes(s) ? t(`standing.${s as (typeof STANDINGS)[number]}`) : s),
    [t],
  );
  const role = useCallback((id: number) => (ROLES[id] ? t(`roles.${ROLES[id]}`) : String(id)), [t]);
  const status = useCallback((id: number) => (STATUSES[id] ? t(`statuses.${STATUSES[id]}`) : String(id)), [t]);
  return { plan, standing, role, status };
}
