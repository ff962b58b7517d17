// Every catalogue of ../locales/en in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', { eager: true, import: 'default' });
