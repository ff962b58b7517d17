// What goes wrong with a CRM, said in words: a CRM not connected for the person (or to connect
// again) with the way to each one's page in Integrations, else the failure's code as text.
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCodeText } from '@/lib/errorText';
import { connectPath, type CrmInfo } from '../crmApi';

export const CRM_NOT_CONNECTED = 'crm_not_connected';

/** The CRMs in `crms` are not connected for the person (or must be connected again): why, and
 * where to connect each. */
export function CrmNotConnected({ crms, onClose }: { crms: readonly CrmInfo[]; onClose?: () => void }) {
  const { t } = useTranslation('leads');
  const codeText = useCodeText();
  return (
    <Alert
      color="orange"
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel={t('contact_crm.dismiss')}
      data-testid="crm-not-connected"
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">{codeText(CRM_NOT_CONNECTED)}</Text>
        {crms.map((crm) => (
          <Text key={crm.provider} component={Link} to={connectPath(crm.provider)} size="sm" c="blue.8" td="underline">
            {t('contact_crm.connect', { crm: crm.name })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** A failure of a call to `crm`: the CRM to connect with its link, else the code's text. */
export function CrmFailure({ crm, code, overrides }: { crm: CrmInfo; code: string; overrides?: Record<string, string> }) {
  const codeText = useCodeText();
  if (code === CRM_NOT_CONNECTED) return <CrmNotConnected crms={[crm]} />;
  return (
    <Alert color="red" role="alert">
      {codeText(code, overrides)}
    </Alert>
  );
}
