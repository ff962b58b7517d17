// The long texts exist in every language: each language has every Markdown file English has,
// really translated (not a copy of English) and with English's structure (headings, lists,
// tables, links, code and product names); the build and the app use the language's file, and
// English only for a file the language lacks.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_DIR, CONTENT_PAGES, LANGUAGES, contentHtml } from '@/../scripts/content.mjs';
import { prerender } from '@/../scripts/prerender.mjs';
import { loadContent, type ContentPageName } from './content';

const TRANSLATED = LANGUAGES.filter((l) => l !== 'en');
const read = (lang: string, page: string) => readFileSync(join(CONTENT_DIR, lang, `${page}.md`), 'utf8');
const PRODUCT_NAMES = ['Switchboard', 'WhatsApp', 'HubSpot', 'Zoho', 'Salesforce', 'Bitrix24', 'Freshdesk', 'LeadSquared', 'Google Sheets', 'Stripe', 'Free', 'Pro Plus', 'Teams'];

/** What a translation must keep: the shape of the text, not its words. */
function structure(md: string) {
  const lines = md.split('\n');
  return {
    headings: lines.filter((l) => /^#{1,6} /.test(l)).map((l) => l.indexOf(' ')),
    listItems: lines.filter((l) => /^\s*(-|\d+\.) /.test(l)).map((l) => l.trim().split(' ')[0]),
    tableRows: lines.filter((l) => l.startsWith('|')).map((l) => l.split('|').length),
    links: [...md.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]),
    code: [...md.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    bold: (md.match(/\*\*/g) ?? []).length,
    paragraphs: md.split(/\n{2,}/).filter((b) => b.trim()).length,
    names: PRODUCT_NAMES.filter((n) => md.includes(n)),
  };
}

test('English has exactly the pages the build and the app know', () => {
  const files = readdirSync(join(CONTENT_DIR, 'en')).filter((f) => f.endsWith('.md'));
  expect(files.map((f) => f.replace(/\.md$/, '')).sort()).toEqual([...CONTENT_PAGES].sort());
});

describe.each(TRANSLATED)('%s', (lang) => {
  const english = readdirSync(join(CONTENT_DIR, 'en')).filter((f) => f.endsWith('.md'));

  test('has every file English has, and no other', () => {
    const files = readdirSync(join(CONTENT_DIR, lang)).filter((f) => f.endsWith('.md'));
    expect(files.sort()).toEqual([...english].sort());
  });

  test.each(CONTENT_PAGES)('%s is translated, not a copy of English', (page) => {
    const en = read('en', page);
    const text = read(lang, page);
    expect(text.trim()).not.toBe(en.trim());
    // No paragraph, heading or list item left in English.
    const blocks = (md: string) => md.split('\n').map((l) => l.trim()).filter((l) => l.length > 40 && !l.startsWith('|'));
    const untranslated = blocks(text).filter((l) => blocks(en).includes(l));
    expect(untranslated).toEqual([]);
  });

  test.each(CONTENT_PAGES)('%s keeps English structure, links and product names', (page) => {
    expect(structure(read(lang, page))).toEqual(structure(read('en', page)));
  });
});

test('the build renders the language file, English only for a file the language lacks', () => {
  expect(contentHtml('terms', 'es')).toContain('<h2>4. Uso aceptable</h2>');
  expect(contentHtml('terms', 'es')).toContain('href="/privacy"');
  expect(contentHtml('terms', 'xx')).toBe(contentHtml('terms', 'en'));
});

test('each prerendered page is in its language, with its html lang', () => {
  const dist = mkdtempSync(join(tmpdir(), 'switchboard-prerender-'));
  try {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Switchboard</title></head><body><div id="root"></div></body></html>');
    prerender(dist, '');
    const page = (route: string, lang: string) => readFileSync(join(dist, route, lang === 'en' ? 'index.html' : `index.${lang}.html`), 'utf8');
    for (const lang of LANGUAGES) {
      const html = page('terms', lang);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(contentHtml('terms', lang));
    }
    expect(page('terms', 'es')).toContain('Uso aceptable');
    expect(page('privacy', 'pt-PT')).toContain('Os seus direitos');
    expect(page('faqs', 'hi')).toContain('Switchboard क्या है?');
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test.each(TRANSLATED)('the app loads the %s texts', async (lang) => {
  for (const page of CONTENT_PAGES as ContentPageName[]) {
    const html = await loadContent(page, lang);
    expect(html).toBe(contentHtml(page, lang));
    expect(html).not.toBe(contentHtml(page, 'en'));
  }
});

test('European Portuguese is its own text, in its own vocabulary, not the Brazilian one', () => {
  // Brazilian words with a European counterpart (equipa, utilizador, ficheiro, ecrã, contacto, …).
  const brazilian = /(?<![\p{L}])(equipes?|usuári[oa]s?|arquivos?|telas?|você|contatos?|salvar|celular|configurações|planilhas?|cadastro)(?![\p{L}])/giu;
  for (const page of CONTENT_PAGES) {
    const text = read('pt-PT', page);
    expect(text).not.toBe(read('pt-BR', page));
    expect(text.match(brazilian) ?? []).toEqual([]);
  }
});
