// Change the organisation's time zone (admins): one of the domain's zones, saved with PATCH
// organizations; the server checks it against the same list and records the change.
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { offeredTimeZones } from '@/lib/domain';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useOrganization } from '../stores/organization';
import { useErrorText } from './useErrorText';

export function TimeZoneModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { describe } = useErrorText();
  const org = useOrganization((s) => s.org);
  const mapping = useOrganization((s) => s.mapping);
  const setOrg = useOrganization((s) => s.setOrg);
  const zones = useMemo(() => offeredTimeZones(), []);
  const [zone, setZone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setZone(org?.time_zone ?? null);
      setError(null);
    }
  }, [opened, org?.time_zone]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!mapping || !zone) return;
    setBusy(true);
    setError(null);
    try {
      setOrg(await api.updateOrganisation({ org_id: mapping.org_id, time_zone: zone }));
      toast.success(t('zone.saved', { zone }));
      onClose();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('zone.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* A native list: some 400 zones, with the browser's own type-ahead. */}
          <NativeSelect
            label={t('zone.label')}
            description={t('zone.hint')}
            data={zones}
            value={zone ?? ''}
            onChange={(e) => setZone(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!zone || zone === org?.time_zone}>
              {t('zone.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
