// Translated labels of the admin lists' codes: plans (through the domain's plan rule), their
// standing, roles and membership statuses. An unknown value is shown as it is.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { planKind } from '../logic';

const STANDINGS = ['trial', 'active', 'grace', 'free'] as const;
const ROLES: Record<number, 'admin' | 'manager' | 'employee' | 'owner'> = { 1: 'admin', 2: 'manager', 3: 'employee', 4: 'owner' };
const STATUSES: Record<number, 'invited' | 'active'> = { 1: 'invited', 2: 'active' };

export function useLabels() {
  const { t } = useTranslation('admin');
  const plan = useCallback(
    (planId: number) => t('plans.label', { name: t(`plans.${planKind(planId)}`), id: planId }),
    [t],
  );
  const standing = useCallback(
    (s: string) => ((STANDINGS as readonly string[]).includes(s) ? t(`standing.${s as (typeof STANDINGS)[number]}`) : s),
    [t],
  );
  const role = useCallback((id: number) => (ROLES[id] ? t(`roles.${ROLES[id]}`) : String(id)), [t]);
  const status = useCallback((id: number) => (STATUSES[id] ? t(`statuses.${STATUSES[id]}`) : String(id)), [t]);
  return { plan, standing, role, status };
}
