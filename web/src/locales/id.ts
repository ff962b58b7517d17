// Every boot catalogue of ../locales/id in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/id/*.json', '!../../../locales/id/manage.json', '!../../../locales/id/planner.json', '!../../../locales/id/admin.json', '!../../../locales/id/organization.json', '!../../../locales/id/inbox.json', '!../../../locales/id/settings.json', '!../../../locales/id/leads.json', '!../../../locales/id/public.json'],
  { eager: true, import: 'default' },
);
