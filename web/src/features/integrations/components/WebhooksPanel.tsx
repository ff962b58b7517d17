// The organisation's webhook (000 §2 Webhooks page): the Turn On / Turn Off toggle, the URL and
// the optional auth token — each locked once saved until Edit is pressed (000 §4) and checked
// by the `webhook_endpoint` / `webhook_token` rules — and the sample payload of 000 §3; then
// the signing secret (shown once, rotatable) and the delivery log of issue #7.
import { Button, Code, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { EXTENSION_DELAY, notifyLinked } from '../logic';
import { useIntegrations } from '../stores/integrations';
import { DeliveryLog } from './DeliveryLog';
import { SigningSecretSection } from './SigningSecret';
import { codeOf, useCodeText } from '@/lib/errorText';
import { LoadFailed } from './LoadFailed';

/** Shows a secret the server answered (it does so once) and keeps it out of the saved state. */
function withoutSecret(orgId: number, w: api.WebhookEndpoint): api.WebhookEndpoint {
  if (w.signing_secret) {
    useIntegrations.getState().reveal({ orgId, secret: w.signing_secret });
    return { ...w, signing_secret: null, has_signing_secret: true };
  }
  return w;
}

/** 000 §3 'Webhook sample payload fields', every one of them. */
export const SAMPLE_PAYLOAD = {
  MessageId: 'true_919812345678@c.us_3EB0C431D8A5F2B7E9',
  Message: 'Hello, is the order ready?',
  Chatid: '919812345678@c.us',
  File: null,
  FileName: null,
  Ack: 1,
  Datetime: '2026-11-22T10:15:00.000Z',
  Date: '2026-11-22',
  Direction: 'INCOMING',
  SentById: '919812345678@c.us',
  ChannelName: 'Sales desk',
  ChannelId: '919800000000@c.us',
  SentByNumber: '919812345678',
  sentByUserId: 7,
  CreatedByUser: 'Priya Sharma',
  senderName: 'Rahul Verma',
} as const;

type Field = 'duplex_webhook' | 'auth_token';

export function WebhookToggle({ orgId, state, onChange }: { orgId: number; state: api.WebhookEndpoint | null; onChange: (w: api.WebhookEndpoint) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [busy, setBusy] = useState(false);
  const on = state?.status === 1;
  async function toggle() {
    if (!on && !state?.duplex_webhook) {
      toast.error(ruleText('endpoint_invalid'));
      return;
    }
    setBusy(true);
    try {
      const answered = await api.saveWebhook(orgId, { status: on ? 0 : 1 });
      const next = answered ? withoutSecret(orgId, answered) : { ...state!, status: on ? 0 : 1 };
      onChange(next);
      useIntegrations.getState().setLinked('webhooks', next.status === 1 && !!next.duplex_webhook);
      toast.success(t('toast.endpoint_saved'));
      if (next.status === 1) void notifyLinked('WEBHOOK_CONNECTED', EXTENSION_DELAY.afterLink);
    } catch (e) {
      toast.error(ruleText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button color={on ? 'red' : 'teal'} variant={on ? 'light' : 'filled'} loading={busy} onClick={() => void toggle()}>
      {on ? t('webhooks.turn_off') : t('webhooks.turn_on')}
    </Button>
  );
}

function LockedInput({
  field,
  label,
  saved,
  onSave,
}: {
  field: Field;
  label: string;
  saved: string | null;
  onSave: (field: Field, value: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [editing, setEditing] = useState(!saved);
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(saved ?? '');
    setEditing(!saved);
  }, [saved]);

  async function save() {
    const outcome =
      field === 'duplex_webhook' ? rule('webhook_endpoint', { url: value }) : rule('webhook_token', { token: value });
    if (outcome.err !== undefined) {
      setError(ruleText(outcome.err));
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await onSave(field, outcome.ok);
    setBusy(false);
    if (ok) setEditing(false);
  }

  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        value={editing ? value : (saved ?? '')}
        onChange={(e) => setValue(e.currentTarget.value)}
        disabled={!editing}
        error={error ?? undefined}
        placeholder={field === 'duplex_webhook' ? 'https://example.com/webhook' : undefined}
      />
      {editing ? (
        <Button onClick={() => void save()} loading={busy} aria-label={`${t('save')} ${label}`}>
          {t('save')}
        </Button>
      ) : (
        <Button
          variant="default"
          onClick={() => {
            setValue(field === 'auth_token' ? '' : (saved ?? ''));
            setEditing(true);
          }}
          aria-label={`${t('edit')} ${label}`}
        >
          {t('edit')}
        </Button>
      )}
    </Group>
  );
}

export function WebhooksPanel({ orgId }: { orgId: number }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [state, setState] = useState<api.WebhookEndpoint | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback(async () => {
    setPhase('loading');
    try {
      setState(await api.fetchWebhook(orgId));
      setPhase('ready');
    } catch {
      setPhase('error');
    }
  }, [orgId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function save(field: Field, value: string): Promise<boolean> {
    try {
      const next = await api.saveWebhook(orgId, { [field]: value });
      setState(
        next
          ? withoutSecret(orgId, next)
          : { org_id: orgId, duplex_webhook: null, auth_token: null, status: 0, has_signing_secret: false, ...state, [field]: value },
      );
      toast.success(t('toast.endpoint_saved'));
      return true;
    } catch (e) {
      toast.error(ruleText(codeOf(e)));
      return false;
    }
  }

  if (phase === 'loading') return <Loader aria-label={t('loading')} />;
  if (phase === 'error')
    return <LoadFailed onRetry={() => void load()} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={3}>{t('webhooks.overview_title')}</Title>
        <WebhookToggle orgId={orgId} state={state} onChange={setState} />
      </Group>
      <Text>{t('webhooks.overview')}</Text>
      <Title order={4}>{t('webhooks.setup_title')}</Title>
      <LockedInput field="duplex_webhook" label={t('webhooks.url_label')} saved={state?.duplex_webhook || null} onSave={save} />
      <LockedInput field="auth_token" label={t('webhooks.token_label')} saved={state?.auth_token || null} onSave={save} />
      <Text size="sm" c="dimmed">
        {t('webhooks.token_help')}
      </Text>
      <SigningSecretSection orgId={orgId} hasSecret={state?.has_signing_secret === true} />
      <Title order={4}>{t('webhooks.sample_title')}</Title>
      <Code block aria-label={t('webhooks.sample_title')} data-testid="webhook-sample">
        {JSON.stringify(SAMPLE_PAYLOAD, null, 2)}
      </Code>
      <DeliveryLog orgId={orgId} webhookOn={state?.status === 1 && !!state.duplex_webhook} />
    </Stack>
  );
}
