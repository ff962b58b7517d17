// i18next over the catalogues in ../locales/<lang>/<namespace>.json. Only the chosen language
// is loaded (each language is one chunk); English is the fallback for nothing missing —
// a test proves every key exists in all six languages.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageTag } from './domain';
import { loadWantedNamespaces, type LazyNamespace } from './i18nLazy';

export const LANGUAGES: readonly LanguageTag[] = ['en', 'es', 'hi', 'id', 'pt-BR', 'pt-PT'];
/** The namespaces in every language's boot chunk (src/locales/<lang>.ts). */
export const NAMESPACES = ['common', 'nav', 'auth', 'pages', 'errors', 'shell', 'integrations', 'dashboard', 'billing', 'kb'] as const;
/** The namespaces a screen loads when it opens (src/lib/i18nLazy.ts), kept off the first load. */
export const LAZY_NAMESPACES = ['manage', 'planner', 'admin', 'organization', 'inbox', 'settings', 'leads', 'public'] as const satisfies readonly LazyNamespace[];
/** Every catalogue of a language: the boot ones and the lazy ones. */
export const ALL_NAMESPACES = [...NAMESPACES, ...LAZY_NAMESPACES] as const;

// One module per language (src/locales/<lang>.ts) gathers that language's catalogues, so a
// language arrives in one response rather than one per namespace.
const languages = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>('../locales/*.ts');

async function loadLanguage(lang: LanguageTag): Promise<Record<string, Record<string, unknown>>> {
  const load = languages[`../locales/${lang}.ts`];
  if (!load) throw new Error(`missing language ${lang}`);
  const files = (await load()).default;
  return Object.fromEntries(
    NAMESPACES.map((ns) => {
      const data = files[`../../../locales/${lang}/${ns}.json`];
      if (!data) throw new Error(`missing catalogue ${lang}/${ns}`);
      return [ns, data] as const;
    }),
  );
}

export async function initI18n(lang: LanguageTag): Promise<typeof i18next> {
  const resources = { [lang]: await loadLanguage(lang) };
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(lang: LanguageTag): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'common')) {
    const bundles = await loadLanguage(lang);
    for (const [ns, data] of Object.entries(bundles)) {
      i18next.addResourceBundle(lang, ns, data, true, true);
    }
  }
  // The lazy namespaces a screen already uses arrive before the switch, so it never shows keys.
  await loadWantedNamespaces(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
