// The trial or expiry notice (001 §4) and the trial-ended banner (000 §2), above the page.
// The text is the `trial_notice` rule's, from the organisation's credit history. While a trial
// runs it is a notice ("Your free trial will expire in N days"); once the trial or the plan is
// over it is the sticky banner with Upgrade now (the plan chooser) and a close icon. Neither
// shows on the billing page; each, once closed, stays closed for the session.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { planNotice, type PlanNoticeState } from '../logic';
import { useBillingUi } from '../stores/billing';

export const BILLING_PATH = '/settings/billing';

/** The notice's text (plural-aware for the days left). */
export function useNoticeText() {
  const { t } = useTranslation('billing');
  return (n: Pick<PlanNoticeState, 'code' | 'n'>): string => {
    switch (n.code) {
      case 'trial_expires_in':
        return t('notice.trial_expires_in', { count: n.n ?? 0 });
      case 'trial_ended':
        return t('notice.trial_ended');
      case 'plan_expired':
        return t('notice.plan_expired');
      default:
        return t('notice.trial_default_ended');
    }
  };
}

export function PlanNotice() {
  const { t } = useTranslation('billing');
  const text = useNoticeText();
  const { pathname } = useLocation();
  const userId = useSession((s) => s.user?.id);
  const credit = useWorkspace((s) => s.credit);
  const timeZone = useWorkspace((s) => s.org?.time_zone);
  const isSet = useBillingUi((s) => s.isSet);
  const setFlag = useBillingUi((s) => s.set);
  const openChooser = useBillingUi((s) => s.openChooser);
  // Subscribed so closing re-renders.
  useBillingUi((s) => s.closed);

  if (pathname === BILLING_PATH) return null;
  const notice = planNotice(credit, Date.now(), timeZone);
  if (!notice) return null;

  if (notice.ended) {
    if (isSet('banner_closed', userId)) return null;
    return (
      <Alert
        role="alert"
        color="orange"
        withCloseButton
        closeButtonLabel={t('close')}
        onClose={() => setFlag('banner_closed', userId)}
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 10 }}
        mb="md"
        data-testid="trial-ended-banner"
      >
        <Group justify="space-between">
          <Text size="sm">{text(notice)}</Text>
          <Button size="xs" color="orange" onClick={openChooser}>
            {t('notice.upgrade_now')}
          </Button>
        </Group>
      </Alert>
    );
  }

  if (isSet('notice_closed', userId)) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={() => setFlag('notice_closed', userId)}
      mb="md"
      data-testid="trial-notice"
    >
      <Group justify="space-between">
        <Text size="sm">{text(notice)}</Text>
        <Button size="xs" variant="light" onClick={openChooser}>
          {t('notice.upgrade_now')}
        </Button>
      </Group>
    </Alert>
  );
}
