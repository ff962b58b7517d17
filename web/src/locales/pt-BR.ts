// Every catalogue of ../locales/pt-BR in one chunk: a language loads in one response.
export default import.meta.glob<Record<string, unknown>>('../../../locales/pt-BR/*.json', { eager: true, import: 'default' });
