// The full-screen loader shown while a page loads (spec 000 §1).
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center
      role="status"
      aria-live="polite"
      aria-label={t('loading')}
      data-testid="full-screen-loader"
      style={{ position: 'fixed', inset: 0, zIndex: 1000, background: 'rgba(255,255,255,0.85)' }}
    >
      <Loader color="indigo" size="lg" />
    </Center>
  );
}
