// Throwaway: a cross-feature import and a misspelt translation key, to show the checks fail.
import { useTranslation } from 'react-i18next';
import { ExtensionAccess } from '@/features/settings/components/ExtensionAccess';

export function Throwaway() {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      {t('titel')}
      <ExtensionAccess />
    </div>
  );
}
