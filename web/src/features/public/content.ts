// The public pages' texts in the web app: the HTML each Markdown file of web/content became at
// build time (scripts/content.mjs; no Markdown library reaches the browser), one small chunk per
// page and language, and the `public` catalogue, loaded here with the pages (not in the boot
// chunk, nor in the lazy namespaces' map on the first load: the sign-up page's budget).
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The pages written in Markdown (web/content/<lang>/<page>.md). */
export type ContentPageName = 'terms' | 'privacy' | 'faqs' | 'features' | 'howitworks' | 'tutorials' | 'roadmap' | 'changelog';

const html = import.meta.glob<string>('../../../content/*/*.md', { query: '?html', import: 'default' });
const catalogues = import.meta.glob<{ default: Record<string, string> }>('../../../../locales/*/public.json');

/** The HTML of `page` in `lang`, English when the language has no file of it. */
export function loadContent(page: ContentPageName, lang: string): Promise<string> {
  const load = html[`../../../content/${lang}/${page}.md`] ?? html[`../../../content/en/${page}.md`];
  return load ? load() : Promise.resolve('');
}

async function loadPublic(lang: string): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'public')) return;
  const load = catalogues[`../../../../locales/${lang}/public.json`];
  if (!load) throw new Error(`missing catalogue ${lang}/public`);
  i18next.addResourceBundle(lang, 'public', (await load()).default, true, true);
}

/** Whether the `public` catalogue of the current language is ready; loads it. */
export function usePublicStrings(): boolean {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(lang, 'public'));
  useEffect(() => {
    let live = true;
    loadPublic(lang).then(
      () => live && setReady(true),
      () => live && setReady(false),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return ready && i18next.hasResourceBundle(lang, 'public');
}

/** The HTML of `page` in the current language (null while it loads). */
export function useContent(page: ContentPageName): string | null {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [state, setState] = useState<{ key: string; html: string } | null>(null);
  const key = `${lang}/${page}`;
  useEffect(() => {
    let live = true;
    void loadContent(page, lang).then((h) => live && setState({ key, html: h }));
    return () => {
      live = false;
    };
  }, [page, lang, key]);
  return state?.key === key ? state.html : null;
}
