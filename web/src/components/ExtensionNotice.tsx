// Says where it matters that the browser extension cannot be reached because this server names
// no extension id (`client.extension_ids`): instead of every message to it failing silently.
// Shows nothing while the answer is awaited or when an extension id is known.
import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionReachable } from '@/lib/extension';

/** Whether an extension id is known: null until the server has answered. */
export function useExtensionReachable(): boolean | null {
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void extensionReachable().then((r) => live && setReachable(r));
    return () => {
      live = false;
    };
  }, []);
  return reachable;
}

export function ExtensionNotice({ reachable }: { reachable: boolean | null }) {
  const { t } = useTranslation('common');
  if (reachable !== false) return null;
  return (
    <Alert color="yellow" icon={<IconPlugConnectedX size={18} />} title={t('extension_unconfigured_title')} data-testid="extension-unconfigured">
      {t('extension_unconfigured_body')}
    </Alert>
  );
}
