// Every catalogue of ../locales/id in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/id/*.json', { eager: true, import: 'default' });
