// The linked spreadsheet (000 §2): its label name with Change and save (view → edit → view,
// 000 §4; 'Label name can not be empty' from the `spreadsheet_label` rule) and View Sheet.
import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rule } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { DEFAULT_SHEET_LABEL } from './ConnectModals';
import { useCodeText } from '@/lib/errorText';

export function SpreadsheetPanel({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const [sheetId, setSheetId] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const [sheet, funnel] = await Promise.all([
      api.fetchSheet(workspaceId).catch(() => null),
      api.fetchSheetLabel(workspaceId).catch(() => null),
    ]);
    setSheetId(sheet);
    setLabel(funnel);
    setLoading(false);
  }, [workspaceId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function save() {
    const outcome = rule('spreadsheet_label', { label: draft });
    if (outcome.err !== undefined) {
      setError(ruleText(outcome.err));
      return;
    }
    setBusy(true);
    try {
      if (!(await api.updateSheetLabel(workspaceId, outcome.ok))) throw new Error('refused');
      setLabel(outcome.ok);
      setEditing(false);
      toast.success(t('toast.label_updated'));
    } catch {
      toast.error(t('toast.something_wrong'));
    } finally {
      setBusy(false);
    }
  }

  if (loading) return <Loader size="sm" aria-label={t('loading')} />;
  const shown = label ?? DEFAULT_SHEET_LABEL;
  return (
    <Stack gap="sm">
      {editing ? (
        <Group align="flex-start">
          <TextInput
            label={t('sheet.label_name')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
          />
          <Button mt={24} onClick={() => void save()} loading={busy}>
            {t('save')}
          </Button>
          <Button mt={24} variant="default" onClick={() => setEditing(false)}>
            {t('cancel')}
          </Button>
        </Group>
      ) : (
        <Group>
          <Text>
            {t('sheet.label_name')}: <strong data-testid="sheet-label">{shown}</strong>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setDraft(shown);
              setError(null);
              setEditing(true);
            }}
          >
            {t('sheet.change')}
          </Button>
        </Group>
      )}
      {sheetId && (
        <Button
          component="a"
          href={`https://docs.google.com/spreadsheets/d/${encodeURIComponent(sheetId)}`}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          w="fit-content"
        >
          {t('sheet.view')}
        </Button>
      )}
    </Stack>
  );
}
