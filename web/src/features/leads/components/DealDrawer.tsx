// One deal: its contact and stage, its fields to change (only what changed is sent; a cleared
// field is sent blank, which the server clears), when it was created, last changed and closed,
// and its deletion after a confirmation.
import { Alert, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '@tabler/icons-react';
import type { Deal } from '@/generated/contract';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { deleteDeal, updateDeal } from '../dealsApi';
import { dealStageColor, isDealStage } from '../dealsLogic';
import { useDealOwners, type OwnerOption } from '../useOwners';
import { checkDeal, dealChange, DealFields, dealValues, newDealValues, useDealRefusal, type DealValues } from './DealFields';

export function DealDrawer({
  orgId,
  deal,
  onClose,
  onSaved,
  onDeleted,
  owners,
  ownerName,
}: {
  orgId: number;
  deal: Deal | null;
  onClose: () => void;
  onSaved: (d: Deal) => void;
  onDeleted: (id: number) => void;
  owners: OwnerOption[];
  ownerName: (id: number | null | undefined) => string;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const refusal = useDealRefusal();
  const { choices } = useDealOwners(owners);
  const [values, setValues] = useState<DealValues>(newDealValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (deal) setValues(dealValues(deal));
    setErrors({});
    setConfirming(false);
  }, [deal]);

  const when = (at: string) => new Date(at).toLocaleString(i18n.language);

  async function save() {
    if (!deal) return;
    const found = checkDeal(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const change = dealChange(dealValues(deal), values);
    if (Object.keys(change).length === 0) {
      toast.info(t('nothing_changed'));
      return;
    }
    setBusy(true);
    try {
      const saved = await updateDeal(orgId, deal.id, change);
      toast.success(t('deal.updated'));
      onSaved(saved);
    } catch (e) {
      const r = refusal(e);
      if ('fields' in r) setErrors(r.fields);
      else toast.error(r.message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deal) return;
    setDeleting(true);
    try {
      await deleteDeal(orgId, deal.id);
      toast.success(t('deal.deleted'));
      onDeleted(deal.id);
    } catch (e) {
      toast.error(codeText(e instanceof ApiError ? e.code : 'internal'));
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Drawer opened={deal !== null} onClose={onClose} position="right" size="lg" title={deal?.name ?? ''}>
      {deal && (
        <Stack>
          <Group gap="xs" wrap="wrap">
            <Text c="dimmed">{deal.contact_name}</Text>
            {isDealStage(deal.stage) && (
              <Badge color={dealStageColor(deal.stage)} variant="light" tt="none">
                {t(`dealStages.${deal.stage}`)}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('owned_by', { name: ownerName(deal.owner_id) })}
            </Text>
          </Group>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack>
              <DealFields values={values} onChange={setValues} errors={errors} owners={choices} ownerName={ownerName} />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </form>
          <Stack gap={2} data-testid="deal-times">
            <Text size="xs" c="dimmed">
              {t('deal.created_at', { at: when(deal.created_at) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('deal.updated_at', { at: when(deal.updated_at) })}
            </Text>
            {deal.closed_at && (
              <Text size="xs" c="dimmed">
                {t('deal.closed_at', { at: when(deal.closed_at) })}
              </Text>
            )}
          </Stack>
          {confirming ? (
            <Alert color="red" title={t('deal.delete_confirm')} role="alertdialog" aria-label={t('deal.delete_confirm')}>
              <Text size="sm" mb="sm">
                {t('deal.delete_hint')}
              </Text>
              <Group gap="sm">
                <Button color="red" loading={deleting} onClick={() => void remove()}>
                  {t('deal.delete_yes')}
                </Button>
                <Button variant="default" disabled={deleting} onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group>
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                {t('deal.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
