// Typed translation keys: the English catalogues are the source, so `t('a_typo')` or a key in
// the wrong namespace is a type error, not an untranslated string on screen. Keys built at run
// time (a server error code, a rule code) go through `useCodeText` in `src/lib/errorText.ts`,
// which checks them against the catalogue first.
import 'i18next';
import type admin from '../../locales/en/admin.json';
import type auth from '../../locales/en/auth.json';
import type billing from '../../locales/en/billing.json';
import type common from '../../locales/en/common.json';
import type dashboard from '../../locales/en/dashboard.json';
import type errors from '../../locales/en/errors.json';
import type inbox from '../../locales/en/inbox.json';
import type integrations from '../../locales/en/integrations.json';
import type kb from '../../locales/en/kb.json';
import type leads from '../../locales/en/leads.json';
import type manage from '../../locales/en/manage.json';
import type nav from '../../locales/en/nav.json';
import type organization from '../../locales/en/organization.json';
import type pages from '../../locales/en/pages.json';
import type planner from '../../locales/en/planner.json';
import type publicTexts from '../../locales/en/public.json';
import type settings from '../../locales/en/settings.json';
import type shell from '../../locales/en/shell.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      billing: typeof billing;
      common: typeof common;
      dashboard: typeof dashboard;
      errors: typeof errors;
      inbox: typeof inbox;
      integrations: typeof integrations;
      kb: typeof kb;
      leads: typeof leads;
      manage: typeof manage;
      nav: typeof nav;
      organization: typeof organization;
      pages: typeof pages;
      planner: typeof planner;
      public: typeof publicTexts;
      settings: typeof settings;
      shell: typeof shell;
    };
  }
}
