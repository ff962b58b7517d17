// /checkout (public; 000 §2): where the payment provider sends the buyer back. `status=paid`
// thanks them and shows the plan once the server has it — the provider's notification may land
// a moment after the buyer, so the billing overview is asked a few times, "pending" meanwhile;
// `status=cancelled` says nothing was charged; anything else is unknown. Signed out, it says
// to sign in.
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CardPage } from '@/components/CardPage';
import type { BillingOverview } from '@/generated/contract';
import type { Payer } from '../api';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { fetchCheckoutStatus, fetchOverview } from '../api';
import { billingPayer } from '../logic';
import { useBillingUi } from '../stores/billing';

/** How often, and how many times, the plan is asked for after a payment. */
export const POLL_MS = 1500;
export const POLL_TRIES = 10;

const confirmed = (o: BillingOverview) => o.subscribed && o.plan.standing === 'active';

type Phase = 'pending' | 'confirmed' | 'still_pending' | 'error';

function PaidState() {
  const { t } = useTranslation('billing');
  const codeText = useCodeText();
  const user = useSession((s) => s.user);
  const status = useWorkspace((s) => s.status);
  const me = useWorkspace((s) => s.me);
  const current = useWorkspace((s) => s.current);
  const load = useWorkspace((s) => s.load);
  const forgetLimits = useBillingUi((s) => s.forgetLimits);
  const [phase, setPhase] = useState<Phase>('pending');
  const [overview, setOverview] = useState<BillingOverview | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  useEffect(() => {
    if (user?.email && status === 'idle') void load(user.email);
  }, [user?.email, status, load]);

  // Whose checkout it was, from the provider's session id (a personal plan bought by an
  // organisation's admin is the workspace's); without one, the payer the billing page shows.
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [checkoutPayer, setCheckoutPayer] = useState<Payer | null>(null);
  useEffect(() => {
    if (!sessionId || !user) return;
    const abort = new AbortController();
    fetchCheckoutStatus(sessionId, abort.signal)
      .then((c) =>
        setCheckoutPayer(c.org_id !== null ? { org_id: c.org_id } : { workspace_id: c.workspace_id ?? user.id }),
      )
      .catch(() => undefined);
    return () => abort.abort();
  }, [sessionId, user]);
  const fallback = user && me ? billingPayer(user.id, current) : null;
  const payer = sessionId ? checkoutPayer : fallback;
  const key = payer ? JSON.stringify(payer) : null;

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let timer: number | undefined;
    const ask = async (tries: number) => {
      try {
        const o = await fetchOverview(JSON.parse(key));
        if (stopped) return;
        setOverview(o);
        if (confirmed(o)) {
          setPhase('confirmed');
          // The rest of the app reads the new plan (banner, notice, popup).
          forgetLimits();
          if (user?.email) void useWorkspace.getState().load(user.email);
          return;
        }
        if (tries + 1 >= POLL_TRIES) return setPhase('still_pending');
        timer = window.setTimeout(() => void ask(tries + 1), POLL_MS);
      } catch (e) {
        if (stopped) return;
        setErrorCode(codeOf(e));
        setPhase('error');
      }
    };
    void ask(0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // The user's e-mail only matters once confirmed.
  }, [key, forgetLimits, user?.email]);

  if (phase === 'error')
    return (
      <Alert color="red" role="alert" title={t('checkout.load_failed')}>
        {codeText(errorCode)}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('checkout.paid_title')}
      </Title>
      {phase === 'pending' && (
        <Stack gap="xs" align="center" role="status" data-testid="checkout-pending">
          <Loader size="sm" />
          <Text>{t('checkout.pending')}</Text>
        </Stack>
      )}
      {phase === 'still_pending' && <Text data-testid="checkout-still-pending">{t('checkout.still_pending')}</Text>}
      {phase === 'confirmed' && overview && (
        <Stack gap={4} data-testid="checkout-confirmed">
          <Text fw={600}>{t('checkout.confirmed')}</Text>
          <Text fz="xl" fw={700} data-testid="checkout-plan">
            {overview.seats
              ? t('checkout.plan_seats', { plan: overview.plan.plan_name, count: overview.seats.seat_issued })
              : overview.plan.plan_name}
          </Text>
        </Stack>
      )}
      <Button component={Link} to="/settings/billing" variant="light">
        {t('checkout.go_to_billing')}
      </Button>
    </Stack>
  );
}

export default function CheckoutPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession((s) => s.status);
  const outcome = params.get('status');

  useEffect(() => {
    document.title = `${t('checkout.title')} · Switchboard`;
  }, [t]);

  if (session === 'checking') return <FullScreenLoader />;

  let body;
  if (session !== 'authenticated') {
    body = (
      <Text data-testid="checkout-signed-out">
        {t('checkout.signed_out')}{' '}
        <Anchor component={Link} to="/workspace/signup" state={{ from: location.pathname + location.search }}>
          {t('checkout.sign_in')}
        </Anchor>
      </Text>
    );
  } else if (outcome === 'paid') {
    body = <PaidState />;
  } else if (outcome === 'cancelled') {
    body = (
      <Stack gap="sm" data-testid="checkout-cancelled">
        <Title order={2} size="h3">
          {t('checkout.cancelled_title')}
        </Title>
        <Text>{t('checkout.cancelled_body')}</Text>
        <Button component={Link} to="/settings/billing">
          {t('checkout.back_to_billing')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" data-testid="checkout-unknown">
        <Title order={2} size="h3">
          {t('checkout.unknown_title')}
        </Title>
        <Text>{t('checkout.unknown_body')}</Text>
        <Button component={Link} to="/settings/billing" variant="light">
          {t('checkout.go_to_billing')}
        </Button>
      </Stack>
    );
  }

  return (
    <CardPage maw={520}>
      <Text fw={700} c="indigo.7">
        Switchboard
      </Text>
      <Title order={1} size="h2">
        {t('checkout.title')}
      </Title>
      {body}
    </CardPage>
  );
}
