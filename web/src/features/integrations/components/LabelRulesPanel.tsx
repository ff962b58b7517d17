// Label sync (issue #7, 000 §3 `crmLabelSyncData`): on a CRM's (or the spreadsheet's) page the
// signed-in employee says which WhatsApp label ids a chat must carry to be synced there and
// which keep it out. The entry is checked live by the domain's `crm_label_sync` rule; saving
// reads the employee's whole list again, replaces this CRM's entry and writes the list back
// (the PUT replaces everything).
import { Button, Group, Loader, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDERS, type Provider } from '@/generated/domain';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { LoadFailed } from './LoadFailed';

/** The rule's CRM name for a card (000 §3 integration type ids: `googlesheet`, `hubspot`, …). */
/** The name label rules use for a provider (the registry's `labelName`). */
export const crmNameOf = (key: Provider): string => PROVIDERS.find((p) => p.key === key)?.labelName ?? key;

export function LabelRulesPanel({ cardKey, orgId, userId }: { cardKey: Provider; orgId: number; userId: number }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const crm = crmNameOf(cardKey);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [included, setIncluded] = useState<string[]>([]);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [saved, setSaved] = useState<string>('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback(
    (rules: api.CrmLabelSync[]) => {
      const mine = rules.find((r) => r.crm_name.toLowerCase() === crm);
      setIncluded(mine?.included_labels ?? []);
      setExcluded(mine?.excluded_labels ?? []);
      setSaved(JSON.stringify([mine?.included_labels ?? [], mine?.excluded_labels ?? []]));
    },
    [crm],
  );

  const load = useCallback(async () => {
    setPhase('loading');
    try {
      apply(await api.fetchLabelRules(orgId, userId));
      setPhase('ready');
    } catch {
      setPhase('error');
    }
  }, [orgId, userId, apply]);
  useEffect(() => {
    void load();
  }, [load]);

  const outcome = useMemo(
    () => rule('crm_label_sync', { crm_name: crm, included_labels: included, excluded_labels: excluded }),
    [crm, included, excluded],
  );
  const error = outcome.err !== undefined ? ruleText(outcome.err) : serverError;
  const dirty = JSON.stringify([included, excluded]) !== saved;

  async function save() {
    if (outcome.err !== undefined) return;
    const entry = outcome.ok;
    setBusy(true);
    setServerError(null);
    try {
      const current = await api.fetchLabelRules(orgId, userId);
      const others = current.filter((r) => r.crm_name.toLowerCase() !== crm);
      const empty = entry.included_labels.length === 0 && entry.excluded_labels.length === 0;
      const stored = await api.saveLabelRules(orgId, userId, empty ? others : [...others, entry]);
      apply(stored);
      toast.success(t('labels.saved'));
    } catch (e) {
      const text = ruleText(codeOf(e));
      setServerError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-label={t('labels.title')}>
      <Title order={4}>{t('labels.title')}</Title>
      <Text size="sm">{t('labels.help')}</Text>
      {phase === 'loading' && <Loader size="sm" aria-label={t('loading')} />}
      {phase === 'error' && (
        <LoadFailed onRetry={() => void load()} />
      )}
      {phase === 'ready' && (
        <>
          <TagsInput
            label={t('labels.included')}
            description={t('labels.included_help')}
            placeholder={t('labels.placeholder')}
            value={included}
            onChange={(v) => {
              setServerError(null);
              setIncluded(v);
            }}
            clearable
          />
          <TagsInput
            label={t('labels.excluded')}
            description={t('labels.excluded_help')}
            placeholder={t('labels.placeholder')}
            value={excluded}
            onChange={(v) => {
              setServerError(null);
              setExcluded(v);
            }}
            clearable
          />
          {error && (
            <Text c="red" size="sm" role="alert" data-testid="label-rule-error">
              {error}
            </Text>
          )}
          <Group>
            <Button onClick={() => void save()} loading={busy} disabled={outcome.err !== undefined || !dirty}>
              {t('labels.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
