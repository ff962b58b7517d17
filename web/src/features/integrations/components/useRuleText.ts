// A rule or server error code as translated text, from the `errors` catalogue.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';

export function useRuleText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (code: string | undefined | null) =>
      code ? (i18n.exists(code, { ns: 'errors' }) ? t(code) : t('internal')) : '',
    [t, i18n],
  );
}

export const codeOf = (e: unknown): string => (e instanceof ApiError ? e.code : 'internal');
