// "Please wait.. We are switching you to … account." (spec 000 §2): shown above everything
// while the active organisation changes.
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '@/stores/workspace';

/** 000 §9: 'The switching popup has a very high stacking order.' */
export const SWITCHING_Z_INDEX = 10_000;

export function SwitchingPopup() {
  const { t } = useTranslation('shell');
  const switching = useWorkspace((s) => s.switching);
  return (
    <Modal
      opened={switching !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={SWITCHING_Z_INDEX}
      aria-label={t('switching_title')}
    >
      <Stack align="center" gap="md" py="md" role="status" aria-live="assertive">
        <Loader />
        <Text ta="center" data-testid="switching-text">
          {switching === 'individual' ? t('switching_individual') : t('switching_teams')}
        </Text>
      </Stack>
    </Modal>
  );
}
