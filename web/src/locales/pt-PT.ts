// Every catalogue of ../locales/pt-PT in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/pt-PT/*.json', { eager: true, import: 'default' });
