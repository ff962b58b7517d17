// The plan banner above the page (001 §4 'Trial or expiry notice', 000 §2 trial-ended banner):
// what it says and what its button does are the server's `upsell` answer (the domain's rule), the
// same answer the side navigation's card and the upgrade popup read. While a trial runs it is a
// dismissible notice with the days left; in the grace period it says when the plan ended and
// until when its features stay, with Renew; back on Free it is the sticky banner with Upgrade now.
// Someone who cannot pay is told to ask an admin instead of being shown a button. Hidden on the
// billing page; once closed it stays closed for the session.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { PlanBanner } from '@/generated/contract';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { formatDate, planBanner } from '../logic';
import { useBillingUi } from '../stores/billing';

export const BILLING_PATH = '/settings/billing';

/** The banner's sentence, plural-aware, with its dates in the organisation's zone. */
export function useBannerText() {
  const { t, i18n } = useTranslation('billing');
  const zone = useWorkspace((s) => s.org?.time_zone);
  return (b: PlanBanner, askAdmin: boolean): string => {
    const date = (v: string | null) => formatDate(v, i18n.language, zone);
    const sentence = (() => {
      switch (b.kind) {
        case 'trial_ends_in':
          return t('notice.trial_expires_in', { count: b.days ?? 0 });
        case 'trial_in_grace':
          return t('notice.trial_in_grace', { ended: date(b.ended_at), until: date(b.until) });
        case 'plan_in_grace':
          return t('notice.plan_in_grace', { ended: date(b.ended_at), until: date(b.until) });
        case 'trial_ended':
          return t('notice.trial_ended');
        case 'plan_expired':
          return askAdmin ? t('notice.plan_expired_member') : t('notice.plan_expired');
        default:
          return t('notice.trial_default_ended');
      }
    })();
    return askAdmin ? `${sentence} ${t('notice.ask_admin')}` : sentence;
  };
}

export function PlanNotice() {
  const { t } = useTranslation('billing');
  const text = useBannerText();
  const { pathname } = useLocation();
  const userId = useSession((s) => s.user?.id);
  const limits = useBillingUi((s) => s.limits);
  const isSet = useBillingUi((s) => s.isSet);
  const setFlag = useBillingUi((s) => s.set);
  const openChooser = useBillingUi((s) => s.openChooser);
  // Subscribed so closing re-renders.
  useBillingUi((s) => s.closed);

  const banner = planBanner(limits, pathname);
  if (!banner) return null;
  const action = limits?.upsell.action ?? null;
  const askAdmin = action === 'ask_admin';
  const button =
    action === 'upgrade' || action === 'renew' ? (
      <Button size="xs" color={banner.ended ? 'orange' : undefined} variant={banner.ended ? 'filled' : 'light'} onClick={openChooser}>
        {action === 'renew' ? t('notice.renew') : t('notice.upgrade_now')}
      </Button>
    ) : null;

  const flag = banner.ended ? 'banner_closed' : 'notice_closed';
  if (isSet(flag, userId)) return null;
  return (
    <Alert
      role={banner.ended ? 'alert' : undefined}
      color={banner.ended ? 'orange' : 'blue'}
      variant={banner.ended ? undefined : 'light'}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={() => setFlag(flag, userId)}
      style={
        banner.ended
          ? { position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 8px)', zIndex: 10 }
          : undefined
      }
      mb="md"
      data-testid={banner.ended ? 'trial-ended-banner' : 'trial-notice'}
      data-kind={banner.kind}
    >
      <Group justify="space-between">
        <Text size="sm">{text(banner, askAdmin)}</Text>
        {button}
      </Group>
    </Alert>
  );
}
