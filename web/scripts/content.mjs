// The product's long texts (terms, privacy, FAQs, features, how it works, tutorials, roadmap,
// changelog) are Markdown files under web/content/<lang>/<page>.md, turned into HTML at build
// time: `marked` runs here, in Node, and never reaches the browser. The prerender step
// (scripts/prerender.mjs) writes them into static pages; the web app imports a page's HTML as a
// string (`import.meta.glob('…/*.md', { query: '?html' })`), one small chunk per page and language.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';

// Paths from this file's own path (not `new URL(…, import.meta.url)`: under the tests' jsdom,
// `URL` is jsdom's, which does not resolve against a file: address).
const SCRIPTS_DIR = dirname(fileURLToPath(import.meta.url));
export const CONTENT_DIR = join(SCRIPTS_DIR, '../content');
export const LOCALES_DIR = join(SCRIPTS_DIR, '../../locales');
export const LANGUAGES = ['en', 'es', 'hi', 'id', 'pt-BR', 'pt-PT'];
/** The pages written in Markdown. */
export const CONTENT_PAGES = ['terms', 'privacy', 'faqs', 'features', 'howitworks', 'tutorials', 'roadmap', 'changelog'];

const marked = new Marked({ gfm: true, async: false });

/** The HTML of one Markdown text; raw HTML in it is kept (the texts are ours). */
export function markdownToHtml(md) {
  return String(marked.parse(md));
}

/** The HTML of `page` in `lang`; English when that language has no file of it. */
export function contentHtml(page, lang) {
  let md;
  try {
    md = readFileSync(`${CONTENT_DIR}/${lang}/${page}.md`, 'utf8');
  } catch {
    md = readFileSync(`${CONTENT_DIR}/en/${page}.md`, 'utf8');
  }
  return markdownToHtml(md);
}

/** A language's `public` catalogue (titles, descriptions, the form's texts). */
export function publicStrings(lang) {
  return JSON.parse(readFileSync(`${LOCALES_DIR}/${lang}/public.json`, 'utf8'));
}

/** The Vite plugin: `import html from './x.md?html'` is the file's HTML as a string. */
export function markdownContent() {
  return {
    name: 'switchboard-markdown-content',
    enforce: 'pre',
    load(id) {
      const [path, query] = id.split('?');
      if (!path.endsWith('.md') || query !== 'html') return null;
      this.addWatchFile?.(path);
      const html = markdownToHtml(readFileSync(path, 'utf8'));
      return `export default ${JSON.stringify(html)};`;
    },
  };
}
