// Every catalogue has every English key, with placeholders kept, and is really translated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_NAMESPACES, LANGUAGES } from './i18n';

const root = join(__dirname, '../../../locales');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

const load = (lang: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')));

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('have exactly the namespaces the app loads', () => {
    for (const lang of LANGUAGES) {
      const files = readdirSync(join(root, lang)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...ALL_NAMESPACES].sort());
    }
  });

  for (const ns of ALL_NAMESPACES) {
    it(`${ns}: every English key exists in every language with the same placeholders`, () => {
      const en = load('en', ns);
      for (const lang of LANGUAGES) {
        const other = load(lang, ns);
        expect(Object.keys(other).sort(), `${lang}/${ns}`).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(en)) {
          expect(placeholders(other[key] ?? ''), `${lang}/${ns}:${key}`).toEqual(placeholders(text));
          expect((other[key] ?? '').trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
        }
      }
    });

    it(`${ns}: other languages are translations, not copies of English`, () => {
      const en = load('en', ns);
      const values = Object.values(en).filter((v) => /[a-z]{4,}/i.test(v));
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const other = load(lang, ns);
        const copied = Object.keys(en).filter((k) => values.includes(en[k]!) && other[k] === en[k]);
        // Brand names, endonyms and words borrowed as is ("Leads", "Feedback") may match, but
        // a catalogue that is mostly English is not a translation.
        expect(copied.length / Math.max(1, values.length), `${lang}/${ns}: ${copied.join(', ')}`).toBeLessThan(0.25);
      }
    });
  }
});

// Issue #25: the words people read are the same on every page, and brands are spelt as theirs.
describe('words', () => {
  const every = (lang: string) =>
    ALL_NAMESPACES.flatMap((ns) => Object.entries(load(lang, ns)).map(([k, v]) => [`${lang}/${ns}:${k}`, v] as const));

  it('spell the brands HubSpot, LeadSquared and Bitrix24', () => {
    for (const lang of LANGUAGES) {
      const wrong = every(lang).filter(([, v]) => /\bHubspot\b|\bLeadsquared\b|\bBitrix\b(?!24)/.test(v));
      expect(wrong.map(([k]) => k), lang).toEqual([]);
    }
  });

  it('call a seat by one word per language (Spanish "puesto", Portuguese "assento" and "lugar")', () => {
    const other: Record<string, RegExp> = {
      es: /\b(plazas?|licencias?|asientos?)\b/i,
      'pt-BR': /\b(vagas?|licenças?|lugares)\b/i,
      'pt-PT': /\b(vagas?|licenças?|assentos?)\b/i,
    };
    for (const [lang, re] of Object.entries(other)) {
      const wrong = every(lang).filter(([, v]) => re.test(v));
      expect(wrong.map(([k, v]) => `${k} ${v}`), lang).toEqual([]);
    }
  });
});
