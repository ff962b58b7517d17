// Every boot catalogue of ../locales/pt-PT in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/pt-PT/*.json', '!../../../locales/pt-PT/manage.json', '!../../../locales/pt-PT/planner.json', '!../../../locales/pt-PT/admin.json', '!../../../locales/pt-PT/organization.json', '!../../../locales/pt-PT/inbox.json', '!../../../locales/pt-PT/settings.json', '!../../../locales/pt-PT/leads.json', '!../../../locales/pt-PT/public.json'],
  { eager: true, import: 'default' },
);
