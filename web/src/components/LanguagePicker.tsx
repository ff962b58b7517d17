// Lets the person choose the interface language; the choice is stored as `preferredLanguage`
// and wins over the browser's language from then on. Signed in, it is also the account's
// language (PUT /api/auth/language), the one the server writes their e-mails in. A native select: six choices need no
// searchable dropdown, and it keeps the combobox machinery off the sign-up page's first load.
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';
import type { LanguageTag } from '@/lib/domain';
import { writeStored } from '@/lib/storage';
import { apiFetch } from '@/lib/api';
import { useSession } from '@/stores/session';

/** A language's name in itself ("Español", "हिन्दी"), as the browser knows it. */
function endonym(tag: LanguageTag): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((s) => s.status === 'authenticated');

  return (
    <NativeSelect
      aria-label={t('language')}
      data-testid="language-picker"
      w={170}
      size="xs"
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l, label: endonym(l) }))}
      onChange={(e) => {
        const value = e.currentTarget.value;
        writeStored('preferredLanguage', value);
        void changeLanguage(value as LanguageTag);
        if (signedIn) {
          // Best effort: the next sign-in stores the page's language anyway.
          void apiFetch('/api/auth/language', { method: 'PUT', body: { language: value } }).catch(() => undefined);
        }
      }}
    />
  );
}
