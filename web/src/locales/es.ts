// Every boot catalogue of ../locales/es in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/es/*.json', '!../../../locales/es/manage.json', '!../../../locales/es/planner.json', '!../../../locales/es/admin.json', '!../../../locales/es/organization.json', '!../../../locales/es/inbox.json', '!../../../locales/es/settings.json', '!../../../locales/es/leads.json', '!../../../locales/es/public.json'],
  { eager: true, import: 'default' },
);
