// "Pull from CRM" on /leads (managers, admins and owners): the changes made in the CRMs to the
// organisation's linked contacts are read now. What it did is said in a toast — records read,
// contacts updated, changes kept from here — with a warning when some members must connect
// their CRM again; then the table reads again. A CRM not connected is said above the table with
// the way to Integrations.
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCloudDownload } from '@tabler/icons-react';
import type { CrmPullReport } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { pullFromCrm } from '../crmApi';
import { CRM_NOT_CONNECTED } from './CrmNotices';

export function CrmPullButton({
  orgId,
  onPulled,
  onNotConnected,
}: {
  orgId: number;
  /** The pull is done: the table reads again. */
  onPulled: (report: CrmPullReport) => void;
  /** A CRM is not connected for the person (or must be connected again). */
  onNotConnected: () => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const codeText = useCodeText();
  const [busy, setBusy] = useState(false);
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);

  async function pull() {
    setBusy(true);
    try {
      const report = await pullFromCrm(orgId);
      toast.success(
        t('hubspot.pull.done', {
          records: t('hubspot.pull.records', { count: report.pulled, n: n(report.pulled) }),
          updated: t('hubspot.pull.updated', { count: report.updated, n: n(report.updated) }),
          kept: t('hubspot.pull.kept', { count: report.conflicts, n: n(report.conflicts) }),
        }),
      );
      // The toasts have one kind for what went wrong: the members to reconnect are said with it.
      if (report.failed_members.length > 0) toast.error(t('hubspot.pull.members_failed'));
      onPulled(report);
    } catch (e) {
      const code = codeOf(e);
      // Said above the table with the way to connect it, not in a toast that goes.
      if (code === CRM_NOT_CONNECTED) onNotConnected();
      else toast.error(codeText(code, { forbidden: t('hubspot.pull.forbidden') }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="default" leftSection={<IconCloudDownload size={16} />} loading={busy} onClick={() => void pull()}>
      {t('hubspot.pull.button')}
    </Button>
  );
}
