// The namespaces a screen brings with it (`manage`, `planner`, `organization`, `inbox`,
// `settings`, `leads`, the operator's `admin`): their catalogues are not in the language's boot chunk (src/locales/<lang>.ts leaves
// them out), so the sign-up page's first load does not carry those screens' strings. A screen calls `useNamespace(ns)` and renders
// once it answers true; the catalogue of the current language is fetched once (one small chunk
// per language and namespace) and added to i18next. A language switch (lib/i18n.ts) loads the
// namespaces already in use before it switches, so a mounted screen never shows raw keys.
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// `public` (the public pages' texts) is loaded by those pages themselves
// (src/features/public/content.ts), so this map on the first load does not grow.
export type LazyNamespace = 'manage' | 'planner' | 'admin' | 'organization' | 'inbox' | 'settings' | 'leads' | 'public';

// Keys relative to the catalogues' folder ('./es/manage.json') and whole modules (`.default` read
// below): this map is on the first load, and kept small enough to stay inside its chunk.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./*/{manage,planner,admin,organization,inbox,settings,leads}.json', {
  base: '../../../locales',
});

/** Namespaces some screen has asked for: a language switch loads them first. */
const wanted = new Set<LazyNamespace>();
const inFlight = new Map<string, Promise<void>>();

const loaded = (lang: string, ns: LazyNamespace) => i18next.hasResourceBundle(lang, ns);

/** Loads `ns` for `lang` into i18next (once; a failed load is tried again by the next call). */
export function loadNamespace(lang: string, ns: LazyNamespace): Promise<void> {
  wanted.add(ns);
  if (loaded(lang, ns)) return Promise.resolve();
  const key = `${lang}/${ns}`;
  let p = inFlight.get(key);
  if (!p) {
    const load = catalogues[`./${lang}/${ns}.json`];
    if (!load) return Promise.reject(new Error(`missing catalogue ${key}`));
    p = load().then(
      (mod) => {
        i18next.addResourceBundle(lang, ns, mod.default, true, true);
        inFlight.delete(key);
      },
      (e: unknown) => {
        inFlight.delete(key);
        throw e;
      },
    );
    inFlight.set(key, p);
  }
  return p;
}

/** Loads every namespace a screen has asked for so far in `lang` (before switching to it). */
export async function loadWantedNamespaces(lang: string): Promise<void> {
  await Promise.all([...wanted].map((ns) => loadNamespace(lang, ns).catch(() => undefined)));
}

/** Whether `ns` is ready in the current language; loads it (again after a language change). */
export function useNamespace(ns: LazyNamespace): boolean {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [ready, setReady] = useState(() => loaded(lang, ns));
  useEffect(() => {
    let live = true;
    if (loaded(lang, ns)) {
      setReady(true);
      wanted.add(ns);
      return;
    }
    setReady(false);
    loadNamespace(lang, ns).then(
      () => live && setReady(true),
      () => live && setReady(false),
    );
    return () => {
      live = false;
    };
  }, [lang, ns]);
  return ready && loaded(lang, ns);
}
