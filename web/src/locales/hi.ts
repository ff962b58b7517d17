// Every boot catalogue of ../locales/hi in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/hi/*.json', '!../../../locales/hi/manage.json', '!../../../locales/hi/planner.json', '!../../../locales/hi/admin.json', '!../../../locales/hi/organization.json', '!../../../locales/hi/inbox.json', '!../../../locales/hi/settings.json', '!../../../locales/hi/leads.json', '!../../../locales/hi/public.json'],
  { eager: true, import: 'default' },
);
