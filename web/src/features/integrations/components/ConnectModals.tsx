// The connect modals of 000 §2: Bitrix's domain, Freshdesk's domain and API key, LeadSquared's
// host and keys, and the spreadsheet's sync label. Each form is checked by the domain rule the
// server also runs (bitrix_domain, freshdesk_credentials, leadsquared_credentials,
// spreadsheet_label) before anything is sent.
import { PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useOnOpen } from '@/components/FormModal';
import { rule } from '@/lib/domain';
import { useCodeText } from '@/lib/errorText';

interface Base {
  opened: boolean;
  onClose: () => void;
  busy?: boolean;
}

/** The rule's answer: its value goes on, its failure is said in words. */
function useRuleForm() {
  const ruleText = useCodeText();
  const [error, setError] = useState<string | null>(null);
  const check = <T,>(outcome: { ok?: T; err?: string }, then: (value: T) => void) => {
    if (outcome.err !== undefined) {
      setError(ruleText(outcome.err));
      return;
    }
    setError(null);
    then(outcome.ok as T);
  };
  return { error, setError, check, ruleText };
}

/** Bitrix: Continue stays disabled until the domain passes; it receives the normalised URL. */
export function BitrixModal({ opened, onClose, busy, onContinue }: Base & { onContinue: (domain: string) => void }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [domain, setDomain] = useState('');
  const [touched, setTouched] = useState(false);
  useOnOpen(opened, () => {
    setDomain('');
    setTouched(false);
  });
  const outcome = rule('bitrix_domain', { domain });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('bitrix.modal_title')}
      onSubmit={() => outcome.ok !== undefined && onContinue(outcome.ok)}
      busy={busy}
      submitLabel={t('continue')}
      cancelLabel={t('cancel')}
      submitDisabled={outcome.err !== undefined}
    >
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
    </FormModal>
  );
}

/** A form of keys, each field required, checked by the provider's rule before it goes on. */
interface KeyField<K extends string> {
  name: K;
  label: string;
  placeholder?: string;
  /** Typed hidden (a key or a secret). */
  secret?: boolean;
}

function KeysModal<K extends string, T>({
  opened,
  onClose,
  busy,
  title,
  submitLabel,
  fields,
  check,
  onContinue,
}: Base & {
  title: string;
  submitLabel: string;
  fields: readonly KeyField<K>[];
  check: (values: Record<K, string>) => { ok?: T; err?: string };
  onContinue: (value: T) => void;
}) {
  const { t } = useTranslation('integrations');
  const form = useRuleForm();
  const blank = () => Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<K, string>;
  const [values, setValues] = useState(blank);
  useOnOpen(opened, () => {
    setValues(blank());
    form.setError(null);
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={() => form.check(check(values), onContinue)}
      error={form.error}
      busy={busy}
      submitLabel={submitLabel}
      cancelLabel={t('cancel')}
    >
      {fields.map((f, i) => {
        const Input = f.secret ? PasswordInput : TextInput;
        return (
          <Input
            key={f.name}
            label={f.label}
            placeholder={f.placeholder}
            value={values[f.name]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [f.name]: value }));
            }}
            data-autofocus={i === 0 || undefined}
          />
        );
      })}
    </FormModal>
  );
}

/** Freshdesk: the domain and API key, both required. */
export function FreshdeskModal({ onContinue, ...base }: Base & { onContinue: (c: { domain: string; api_key: string }) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <KeysModal
      {...base}
      title={t('freshdesk.modal_title')}
      submitLabel={t('continue')}
      fields={[
        { name: 'domain', label: t('freshdesk.domain_label'), placeholder: 'yourcompany.freshdesk.com' },
        { name: 'apiKey', label: t('freshdesk.api_key_label'), secret: true },
      ]}
      check={(v) => rule('freshdesk_credentials', v)}
      onContinue={onContinue}
    />
  );
}

export interface LeadsquaredLinkInput {
  host: string;
  homepage: string;
  access_id: string;
  secret_key: string;
}

/** 'Connect to Leadsquared': host name, access key and secret key, all required. */
export function LeadsquaredModal({ onConnect, ...base }: Base & { onConnect: (c: LeadsquaredLinkInput) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <KeysModal
      {...base}
      title={t('leadsquared.modal_title')}
      submitLabel={t('connect')}
      fields={[
        { name: 'host', label: t('leadsquared.host_label'), placeholder: 'api-in21.leadsquared.com' },
        { name: 'accessKey', label: t('leadsquared.access_key_label') },
        { name: 'secretKey', label: t('leadsquared.secret_key_label'), secret: true },
      ]}
      check={(v) => rule('leadsquared_credentials', v)}
      onContinue={onConnect}
    />
  );
}

/** 000 §9 'Default spreadsheet label: Google Sheet'. */
export const DEFAULT_SHEET_LABEL = 'Google Sheet';

/** The spreadsheet's sync modal: the label the rows are written under. */
export function SheetSyncModal({ opened, onClose, busy, onSync }: Base & { onSync: (label: string) => void }) {
  const { t } = useTranslation('integrations');
  const form = useRuleForm();
  const [label, setLabel] = useState(DEFAULT_SHEET_LABEL);
  useOnOpen(opened, () => {
    setLabel(DEFAULT_SHEET_LABEL);
    form.setError(null);
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('sheet.sync_title')}
      onSubmit={() => form.check(rule('spreadsheet_label', { label }), onSync)}
      busy={busy}
      submitLabel={t('sheet.sync')}
      cancelLabel={t('cancel')}
    >
      <TextInput
        label={t('sheet.label_name')}
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        error={form.error ?? undefined}
        data-autofocus
      />
    </FormModal>
  );
}
