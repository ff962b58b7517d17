// /integrations (000 §2): the card grid, or one integration's page when `section` names it.
// The query parameters drive the connect flow: `action` containing "connect" starts it,
// `extensionId` is remembered as the extension to message, `openinsametab` keeps consent pages
// in this tab, `selfclose` is remembered for 2 minutes, and `code` (with `state` and Zoho's
// `accounts-server`) is a consent page's return.
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Provider } from '@/generated/domain';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { rule } from '@/lib/domain';
import { writeStored } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { CARDS, cardByKey, cardForSection, type CardDef } from '../catalog';
import { IntegrationDetail, type DetailParams } from '../components/IntegrationDetail';
import { IntegrationGrid } from '../components/IntegrationGrid';
import { useCodeText } from '@/lib/errorText';
import { clearPending, LINKED_CHANNEL, pendingSection, rememberSelfClose, WINDOW_ID } from '../logic';
import { useIntegrations } from '../stores/integrations';
import { LoadFailed } from '../components/LoadFailed';

export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const email = useSession((s) => s.user?.email ?? null);
  const { status, me, current, load } = useWorkspace();
  const roleId = current?.role_id ?? null;
  const orgId = current?.org_id ?? null;

  // Remembered values (000 §2): the extension to message and the self-close marker.
  const extensionId = search.get('extensionId');
  const selfclose = search.get('selfclose');
  useEffect(() => {
    if (extensionId) writeStored('extensionIdToSendMessageTo', extensionId);
  }, [extensionId]);
  useEffect(() => {
    if (selfclose !== null && selfclose !== 'false') rememberSelfClose();
  }, [selfclose]);

  // A consent popup that linked tells this page (same origin only), which then shows it.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LINKED_CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; key?: Provider; from?: string } | null;
      if (data?.type !== 'linked' || !data.key || !CARDS.some((c) => c.key === data.key)) return;
      if (data.from === WINDOW_ID) return;
      useIntegrations.getState().setLinked(data.key, true);
      toast.success(t(`toast.linked.${data.key}`));
    };
    return () => channel.close();
  }, [t]);

  const code = search.get('code');
  const sectionParam = search.get('section');
  // A return without its section (a provider that dropped the query) goes to the pending one.
  const card: CardDef | null = useMemo(
    () => cardForSection(sectionParam) ?? (code ? cardForSection(pendingSection()) : null),
    [sectionParam, code],
  );
  const action = search.get('action') ?? '';
  const params: DetailParams = {
    autoConnect: /connect/i.test(action) || sectionParam === 'connectHubspot',
    sameTab: search.has('openinsametab') && search.get('openinsametab') !== 'false',
    code,
    state: search.get('state'),
    accountsServer: search.get('accounts-server'),
  };

  const deniedFor = useCallback(
    (key: Provider): string | null => {
      if (key === 'webhooks') {
        // docs/DECISIONS.md: the webhook belongs to the organisation; its admins configure it.
        if (orgId === null) return t('webhooks.needs_org');
        const outcome = rule('access_check', { level: 'admin', roleId });
        return outcome.err !== undefined ? ruleText(outcome.err) : null;
      }
      const outcome = rule('card_access', { dataKey: key, roleId });
      return outcome.err !== undefined ? ruleText(outcome.err) : null;
    },
    [orgId, roleId, ruleText, t],
  );

  const onReturnHandled = useCallback(() => {
    clearPending();
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['code', 'state', 'accounts-server', 'action', 'scope', 'location', 'domain', 'member_id', 'server_domain'])
          next.delete(k);
        if (card && !next.get('section')) next.set('section', card.section);
        return next;
      },
      { replace: true },
    );
  }, [setSearch, card]);

  if (!me) {
    if (status === 'error')
      return <LoadFailed onRetry={() => email && void load(email)} />;
    return <Loader aria-label={t('loading')} />;
  }

  if (card) {
    const denied = deniedFor(card.key);
    if (denied)
      return (
        <Stack>
          <Alert color="orange" title={cardByKey(card.key).title}>
            {denied}
          </Alert>
          <Button variant="default" w="fit-content" onClick={() => navigate('/integrations')}>
            {t('back')}
          </Button>
        </Stack>
      );
    return (
      <IntegrationDetail
        key={card.key}
        card={card}
        workspaceId={me.id}
        orgId={orgId}
        roleId={roleId}
        params={params}
        onReturnHandled={onReturnHandled}
      />
    );
  }

  return <IntegrationGrid deniedFor={deniedFor} onOpen={(c) => setSearch({ section: c.section })} />;
}
