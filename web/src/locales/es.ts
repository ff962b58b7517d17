// Every catalogue of ../locales/es in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/es/*.json', { eager: true, import: 'default' });
