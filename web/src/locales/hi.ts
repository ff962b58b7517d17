// Every catalogue of ../locales/hi in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/hi/*.json', { eager: true, import: 'default' });
