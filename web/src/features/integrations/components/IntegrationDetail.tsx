// One integration's page (000 §2 'Every detail page'): back arrow, connected indicator, the
// features, Go back to WhatsApp, Unlink behind a confirmation, and the connect flow — the
// provider's consent page for the OAuth ones (its URL issued by the server), the modals for
// Bitrix, Freshdesk and LeadSquared — with the return's code handed to the server. Also the
// link's last sync (and a red alert when it failed) and, for the CRMs and the spreadsheet, the
// signed-in employee's label rules (issue #7).
import type { ParseKeys } from 'i18next';
import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconBrandWhatsapp } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/ConfirmModal';
import { ExtensionNotice, useExtensionReachable } from '@/components/ExtensionNotice';
import { useSession } from '@/stores/session';
import { ApiError } from '@/lib/api';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import type { CardDef } from '../catalog';
import {
  announceLinked,
  browser,
  clearPopup,
  clearSelfClose,
  EXTENSION_DELAY,
  goBackToWhatsApp,
  isConsentPopup,
  newZohoState,
  notifyLinked,
  redirectUri,
  rememberPending,
  rememberPopup,
  rememberZohoState,
  selfCloseActive,
  zohoStateMatches,
} from '../logic';
import { useIntegrations } from '../stores/integrations';
import { BitrixModal, FreshdeskModal, LeadsquaredModal, SheetSyncModal, type LeadsquaredLinkInput } from './ConnectModals';
import { FreshdeskGuide, LeadsquaredGuide } from './Guides';
import { BrandBadge, ConnectedBadge } from './IntegrationGrid';
import { LabelRulesPanel } from './LabelRulesPanel';
import { LastSyncLine, SyncErrorAlert } from './LastSync';
import { SalesforceSettingsPanel } from './SalesforceSettingsPanel';
import { SpreadsheetPanel } from './SpreadsheetPanel';
import { codeOf, useCodeText } from '@/lib/errorText';
import { WebhooksPanel } from './WebhooksPanel';
import { LoadFailed } from './LoadFailed';

/** The consent popup's window name. */
export const POPUP_NAME = 'switchboard-oauth';

export interface DetailParams {
  autoConnect: boolean;
  sameTab: boolean;
  code: string | null;
  state: string | null;
  accountsServer: string | null;
}

interface Props {
  card: CardDef;
  workspaceId: number;
  orgId: number | null;
  roleId: number | null;
  params: DetailParams;
  /** Called once the return's code was used, so the address loses it. */
  onReturnHandled: () => void;
}

type ModalKind = 'bitrix' | 'freshdesk' | 'leadsquared' | 'sheetSync' | 'unlink' | null;

export function IntegrationDetail({ card, workspaceId, orgId, roleId, params, onReturnHandled }: Props) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const phase = useIntegrations((s) => s.phase[card.key] ?? 'loading');
  const connected = useIntegrations((s) => s.linked[card.key] ?? false);
  const needsReconnect = useIntegrations((s) => s.reconnect[card.key] ?? false);
  const check = useIntegrations((s) => s.check);
  const setLinked = useIntegrations((s) => s.setLinked);
  const [modal, setModal] = useState<ModalKind>(null);
  const [busy, setBusy] = useState(false);
  // The link is announced to the extension (000 §9); with no extension id it cannot be.
  const extensionReachable = useExtensionReachable();
  const sheetCode = useRef<api.OAuthReturn | null>(null);
  const handledCode = useRef<string | null>(null);
  const autoStarted = useRef(false);
  const isAdmin = rule('access_check', { level: 'admin', roleId }).err === undefined;
  const userId = useSession((s) => s.user?.id ?? null);
  const loadLastSync = useIntegrations((s) => s.loadLastSync);
  useEffect(() => {
    if (orgId !== null) void loadLastSync(orgId);
  }, [orgId, loadLastSync, connected]);

  const recheck = useCallback(() => void check(card.key, workspaceId, orgId), [check, card.key, workspaceId, orgId]);
  // A consent page's return is checked by its exchange instead.
  const returning = !!params.code && !!card.oauth;
  useEffect(() => {
    if (!returning) recheck();
  }, [recheck, returning]);

  /** After any link: the page shows it, the extension hears it, a popup or self-close ends. */
  const linked = useCallback(
    async (delay: number = EXTENSION_DELAY.afterLink) => {
      setLinked(card.key, true);
      toast.success(t(`toast.linked.${card.key}`));
      await notifyLinked(card.extensionKey, delay);
      announceLinked(card.key);
      if (isConsentPopup()) {
        clearPopup();
        browser.close();
        return;
      }
      if (card.key === 'zoho' && selfCloseActive()) {
        clearSelfClose();
        browser.close();
      }
    },
    [card.key, card.extensionKey, setLinked, t],
  );

  const linkFailedText = useCallback(
    (e: unknown) => {
      const code = e instanceof ApiError ? e.code : codeOf(e);
      if (code === 'wrong_api_key_or_domain') return t('toast.wrong_freshdesk');
      if (code === 'wrong_leadsquared_credentials') return t('toast.wrong_leadsquared');
      if (code === 'zoho_state_mismatch') return ruleText(code);
      switch (card.key) {
        case 'googleSheet':
          return t('toast.sheet_link_failed');
        case 'bitrix':
        case 'salesforce':
          return t('toast.auth_failed');
        case 'freshdesk':
        case 'leadsquared':
          return t('toast.check_values');
        default:
          return t('toast.something_wrong');
      }
    },
    [card.key, t, ruleText],
  );

  /** Opens the provider's consent page (a popup, or this tab when asked or auto-started). */
  const startOAuth = useCallback(
    async (sameTab: boolean, domain?: string) => {
      if (!card.oauth) return;
      setBusy(true);
      try {
        const ours = card.key === 'zoho' ? newZohoState() : undefined;
        const { url, state } = await api.authorizeUrl(card.oauth, redirectUri(card.section), {
          workspaceId,
          domain,
          state: ours,
        });
        if (card.key === 'zoho' && state) rememberZohoState(state);
        rememberPending(card.section);
        if (sameTab) browser.assign(url);
        else if (browser.open(url, POPUP_NAME, 'popup,width=640,height=760')) rememberPopup();
        else browser.assign(url);
      } catch {
        toast.error(t('toast.something_wrong'));
      } finally {
        setBusy(false);
      }
    },
    [card, workspaceId, t],
  );

  const startConnect = useCallback(
    (auto: boolean) => {
      switch (card.connect) {
        case 'oauth':
          void startOAuth(auto || params.sameTab);
          break;
        case 'bitrix':
        case 'freshdesk':
        case 'leadsquared':
          setModal(card.connect);
          break;
        case 'webhook':
          break;
      }
    },
    [card.connect, params.sameTab, startOAuth],
  );

  // 000 §2 action=…connect…: start the flow once the status is known and not linked.
  useEffect(() => {
    if (!params.autoConnect || params.code || autoStarted.current || phase !== 'ready' || connected) return;
    autoStarted.current = true;
    startConnect(true);
  }, [params.autoConnect, params.code, phase, connected, startConnect]);

  // The return from a consent page: hand the code to the server once.
  useEffect(() => {
    const code = params.code;
    if (!code || !card.oauth || handledCode.current === code) return;
    handledCode.current = code;
    const provider = card.oauth;
    const ret: api.OAuthReturn = {
      code,
      state: params.state,
      redirectUri: redirectUri(card.section),
      accountsServer: params.accountsServer,
    };
    onReturnHandled();
    if (provider === 'zoho' && !zohoStateMatches(params.state)) {
      toast.error(ruleText('zoho_state_mismatch'));
      recheck();
      return;
    }
    if (provider === 'googleSheet') {
      sheetCode.current = ret;
      setModal('sheetSync');
      recheck();
      return;
    }
    setBusy(true);
    void api
      .exchangeCode(provider, workspaceId, ret)
      .then(async (ok) => {
        if (!ok) throw new Error('refused');
        await linked();
      })
      .catch((e: unknown) => {
        toast.error(linkFailedText(e));
        recheck();
      })
      .finally(() => setBusy(false));
  }, [params, card, workspaceId, linked, linkFailedText, onReturnHandled, recheck, ruleText]);

  async function run(task: () => Promise<boolean>, delay?: number) {
    setBusy(true);
    try {
      if (!(await task())) throw new Error('refused');
      setModal(null);
      await linked(delay);
    } catch (e) {
      toast.error(linkFailedText(e));
    } finally {
      setBusy(false);
    }
  }

  async function unlink() {
    setBusy(true);
    try {
      if (!(await api.unlink(card.key, workspaceId, orgId))) throw new Error('refused');
      setLinked(card.key, false);
      toast.success(t(`toast.unlinked.${card.key}`));
      setModal(null);
    } catch {
      toast.error(card.key === 'zoho' ? t('toast.unlink_zoho_failed') : t('toast.something_wrong'));
    } finally {
      setBusy(false);
    }
  }

  const isWebhook = card.key === 'webhooks';

  return (
    <Stack gap="lg">
      {card.key === 'googleSheet' && (
        <Breadcrumbs>
          <Anchor component={Link} to="/integrations">
            {t('title')}
          </Anchor>
          <Text>{t('sheet.breadcrumb')}</Text>
        </Breadcrumbs>
      )}
      <Group justify="space-between" wrap="wrap">
        <Group>
          <ActionIcon component={Link} to="/integrations" variant="subtle" size="lg" aria-label={t('back')}>
            <IconArrowLeft />
          </ActionIcon>
          <BrandBadge card={card} size={40} />
          <Title order={1} size="h2">
            {card.title}
          </Title>
          {phase === 'loading' ? <Loader size="xs" aria-label={t('loading')} /> : <ConnectedBadge connected={connected} />}
          <LastSyncLine cardKey={card.key} />
        </Group>
        <Group>
          <Button variant="default" leftSection={<IconBrandWhatsapp size={18} />} onClick={() => void goBackToWhatsApp()}>
            {t('go_back_whatsapp')}
          </Button>
          {connected && (
            <Button color="red" variant="light" onClick={() => setModal('unlink')}>
              {t('unlink')}
            </Button>
          )}
        </Group>
      </Group>

      <ExtensionNotice reachable={extensionReachable} />

      {phase === 'error' && (
        <LoadFailed onRetry={recheck} />
      )}

      {needsReconnect && !connected && (
        <Alert color="orange" title={t('reconnect_title')}>
          {t('reconnect_text', { name: card.title })}
        </Alert>
      )}

      <SyncErrorAlert cardKey={card.key} name={card.title} />

      <Text>{t(`details.${card.key}`)}</Text>
      <Stack gap={4} component="section" aria-label={t('features')}>
        <Title order={4}>{t('features')}</Title>
        <List>
          {card.features.map((f) => (
            <List.Item key={f}>{t(`feature.${f}` as ParseKeys<'integrations'>)}</List.Item>
          ))}
        </List>
      </Stack>

      {!connected && !isWebhook && phase !== 'loading' && (
        <Stack gap={4} align="flex-start">
          <Button onClick={() => startConnect(false)} loading={busy}>
            {t('connect')}
          </Button>
          {card.connect === 'oauth' && (
            <Text size="sm" c="dimmed">
              {t('allow_popup')}
            </Text>
          )}
        </Stack>
      )}

      {card.key === 'googleSheet' && connected && <SpreadsheetPanel workspaceId={workspaceId} />}
      {card.key === 'freshdesk' && <FreshdeskGuide />}
      {card.key === 'leadsquared' && <LeadsquaredGuide />}
      {card.key === 'salesforce' && connected && isAdmin && <SalesforceSettingsPanel />}
      {!isWebhook && connected && orgId !== null && userId !== null && (
        <LabelRulesPanel cardKey={card.key} orgId={orgId} userId={userId} />
      )}
      {isWebhook && orgId !== null && <WebhooksPanel key={String(connected)} orgId={orgId} />}

      <BitrixModal
        opened={modal === 'bitrix'}
        onClose={() => setModal(null)}
        busy={busy}
        onContinue={(domain) => {
          setModal(null);
          void startOAuth(params.sameTab, domain);
        }}
      />
      <FreshdeskModal
        opened={modal === 'freshdesk'}
        onClose={() => setModal(null)}
        busy={busy}
        onContinue={(c) => void run(() => api.linkFreshdesk(workspaceId, c.domain, c.api_key))}
      />
      <LeadsquaredModal
        opened={modal === 'leadsquared'}
        onClose={() => setModal(null)}
        busy={busy}
        onConnect={(c: LeadsquaredLinkInput) => void run(() => api.linkLeadsquared(c))}
      />
      <SheetSyncModal
        opened={modal === 'sheetSync'}
        onClose={() => {
          sheetCode.current = null;
          setModal(null);
        }}
        busy={busy}
        onSync={(label) => {
          const ret = sheetCode.current;
          if (!ret) {
            setModal(null);
            return;
          }
          void run(() => api.exchangeCode('googleSheet', workspaceId, { ...ret, labelName: label }), EXTENSION_DELAY.spreadsheet);
        }}
      />
      <ConfirmModal
        opened={modal === 'unlink'}
        onClose={() => setModal(null)}
        title={t('unlink_title', { name: card.title })}
        text={t('unlink_confirm', { name: card.title })}
        small={false}
        cancelLabel={t('cancel')}
        confirmLabel={t('unlink')}
        onConfirm={() => void unlink()}
        busy={busy}
        focusCancel
      />
    </Stack>
  );
}
