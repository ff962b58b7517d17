// The export of the contacts shown: every contact of the current search, filters and order (not
// only the page), as CSV or Excel. Each choice is a plain link the browser downloads (the server
// answers it as an attachment), so no file passes through the page.
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { exportUrl, type ContactsView, type ExportFormat } from '../api';

const FORMATS: ExportFormat[] = ['csv', 'xlsx'];

export function ExportMenu({ orgId, view }: { orgId: number; view: ContactsView }) {
  const { t } = useTranslation('leads');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('export.label')}</Menu.Label>
        {FORMATS.map((f) => (
          <Menu.Item key={f} component="a" href={exportUrl(orgId, view, f)} download data-testid={`export-${f}`}>
            {t(`export.${f}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
