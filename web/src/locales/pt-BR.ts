// Every boot catalogue of ../locales/pt-BR in one chunk: a language loads in one response. The
// screens' own namespaces (manage, planner, admin, organization, inbox, settings, leads, public) are left out:
// src/lib/i18nLazy.ts loads them with their screens, so they do not weigh on the first load.
export default import.meta.glob<Record<string, unknown>>(
  ['../../../locales/pt-BR/*.json', '!../../../locales/pt-BR/manage.json', '!../../../locales/pt-BR/planner.json', '!../../../locales/pt-BR/admin.json', '!../../../locales/pt-BR/organization.json', '!../../../locales/pt-BR/inbox.json', '!../../../locales/pt-BR/settings.json', '!../../../locales/pt-BR/leads.json', '!../../../locales/pt-BR/public.json'],
  { eager: true, import: 'default' },
);
