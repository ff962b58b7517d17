// The text of a rule's or the server's code from the `errors` catalogue, with its number
// (`{{n}}`) formatted for the language — 'Total percentage cannot exceed 100%. Other members
// use 50%'. A code the catalogue lacks reads as the generic failure.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '@/lib/errorText';
import { formatNumber } from '../logic';

export function useIssueText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (code: string | null | undefined, n?: number | null): string => {
      if (!code) return '';
      const key = (i18n.exists(code, { ns: 'errors' }) ? code : 'internal') as ErrorKey;
      return n === null || n === undefined ? t(key) : t(key, { n: formatNumber(n, i18n.language) });
    },
    [t, i18n],
  );
}
