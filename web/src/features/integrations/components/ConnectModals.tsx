// The connect modals of 000 §2: Bitrix's domain, Freshdesk's domain and API key, LeadSquared's
// host and keys, and the spreadsheet's sync label. Each form is checked by the domain rule the
// server also runs (bitrix_domain, freshdesk_credentials, leadsquared_credentials,
// spreadsheet_label) before anything is sent.
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';

interface Base {
  opened: boolean;
  onClose: () => void;
  busy?: boolean;
}

/** Bitrix: Continue stays disabled until the domain passes; it receives the normalised URL. */
export function BitrixModal({ opened, onClose, busy, onContinue }: Base & { onContinue: (domain: string) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [domain, setDomain] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setDomain('');
      setTouched(false);
    }
  }, [opened]);
  const outcome = rule('bitrix_domain', { domain });
  return (
    <Modal opened={opened} onClose={onClose} title={t('bitrix.modal_title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (outcome.ok !== undefined) onContinue(outcome.ok);
        }}
      >
        <Stack>
          <TextInput
            label={t('bitrix.domain_label')}
            placeholder="https://yourcompany.bitrix24.com"
            value={domain}
            onChange={(e) => {
              setDomain(e.currentTarget.value);
              setTouched(true);
            }}
            error={touched && outcome.err ? ruleText(outcome.err) : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={outcome.err !== undefined} loading={busy}>
              {t('continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Freshdesk: the domain and API key, both required. */
export function FreshdeskModal({
  opened,
  onClose,
  busy,
  onContinue,
}: Base & { onContinue: (c: { domain: string; api_key: string }) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [domain, setDomain] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setDomain('');
      setApiKey('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('freshdesk.modal_title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const outcome = rule('freshdesk_credentials', { domain, apiKey });
          if (outcome.err !== undefined) {
            setError(ruleText(outcome.err));
            return;
          }
          setError(null);
          onContinue(outcome.ok);
        }}
      >
        <Stack>
          <TextInput
            label={t('freshdesk.domain_label')}
            placeholder="yourcompany.freshdesk.com"
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput label={t('freshdesk.api_key_label')} value={apiKey} onChange={(e) => setApiKey(e.currentTarget.value)} />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface LeadsquaredLinkInput {
  host: string;
  homepage: string;
  access_id: string;
  secret_key: string;
}

/** 'Connect to Leadsquared': host name, access key and secret key, all required. */
export function LeadsquaredModal({
  opened,
  onClose,
  busy,
  onConnect,
}: Base & { onConnect: (c: LeadsquaredLinkInput) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [host, setHost] = useState('');
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setHost('');
      setAccessKey('');
      setSecretKey('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('leadsquared.modal_title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const outcome = rule('leadsquared_credentials', { host, accessKey, secretKey });
          if (outcome.err !== undefined) {
            setError(ruleText(outcome.err));
            return;
          }
          setError(null);
          onConnect(outcome.ok);
        }}
      >
        <Stack>
          <TextInput
            label={t('leadsquared.host_label')}
            placeholder="api-in21.leadsquared.com"
            value={host}
            onChange={(e) => setHost(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput label={t('leadsquared.access_key_label')} value={accessKey} onChange={(e) => setAccessKey(e.currentTarget.value)} />
          <PasswordInput label={t('leadsquared.secret_key_label')} value={secretKey} onChange={(e) => setSecretKey(e.currentTarget.value)} />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 000 §9 'Default spreadsheet label: Google Sheet'. */
export const DEFAULT_SHEET_LABEL = 'Google Sheet';

/** The spreadsheet's sync modal: the label the rows are written under. */
export function SheetSyncModal({ opened, onClose, busy, onSync }: Base & { onSync: (label: string) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [label, setLabel] = useState(DEFAULT_SHEET_LABEL);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setLabel(DEFAULT_SHEET_LABEL);
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('sheet.sync_title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const outcome = rule('spreadsheet_label', { label });
          if (outcome.err !== undefined) {
            setError(ruleText(outcome.err));
            return;
          }
          onSync(outcome.ok);
        }}
      >
        <Stack>
          <TextInput
            label={t('sheet.label_name')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('sheet.sync')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
