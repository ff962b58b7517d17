// Change the organisation's time zone (admins): one of the domain's zones, saved with PATCH
// organizations; the server checks it against the same list and records the change.
import { NativeSelect } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useOnOpen, useSubmit } from '@/components/FormModal';
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
  const form = useSubmit(describe);

  useOnOpen(opened, () => {
    setZone(org?.time_zone ?? null);
    form.setError(null);
  });

  function submit() {
    if (!mapping || !zone) return;
    void form.run(async () => {
      setOrg(await api.updateOrganisation({ org_id: mapping.org_id, time_zone: zone }));
      toast.success(t('zone.saved', { zone }));
      onClose();
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('zone.title')}
      onSubmit={submit}
      error={form.error}
      busy={form.busy}
      submitLabel={t('zone.submit')}
      cancelLabel={t('cancel')}
      submitDisabled={!zone || zone === org?.time_zone}
    >
      {/* A native list: some 400 zones, with the browser's own type-ahead. */}
      <NativeSelect
        label={t('zone.label')}
        description={t('zone.hint')}
        data={zones}
        value={zone ?? ''}
        onChange={(e) => setZone(e.currentTarget.value)}
        data-autofocus
      />
    </FormModal>
  );
}
