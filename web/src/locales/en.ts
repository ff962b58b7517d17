// Every boot catalogue of ../locales/en in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/en/*.json', '!../../../locales/en/manage.json', '!../../../locales/en/planner.json', '!../../../locales/en/admin.json', '!../../../locales/en/organization.json', '!../../../locales/en/inbox.json', '!../../../locales/en/settings.json', '!../../../locales/en/leads.json', '!../../../locales/en/public.json'],
  { eager: true, import: 'default' },
);
