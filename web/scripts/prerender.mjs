// A Vite build step (before precompress): writes the public pages as static HTML, readable with
// JavaScript off and indexable, and the sign-up page's first paint. For each page and language,
// `dist/<route>/index.html` (English) and `dist/<route>/index.<lang>.html`; `switchboard serve`
// answers the route with the file of the language asked for (`?lang=`, else Accept-Language;
// crates/server/src/web_app.rs). Each page carries its title, description, canonical address,
// Open Graph tags and its other languages, and inline CSS: no script, no stylesheet to wait for.
// The feedback pages add one small script (`assets/feedback-<hash>.js`, the CSP allows no inline
// one) that sends the form; the sign-up page is the app's own index.html with a static first
// paint inside #root, which React replaces when it starts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentHtml, LANGUAGES, LOCALES_DIR, publicStrings } from './content.mjs';

/** The public routes with a static page: what each shows. */
export const STATIC_PAGES = [
  { route: 'terms', kind: 'content', key: 'terms' },
  { route: 'privacy', kind: 'content', key: 'privacy' },
  { route: 'faqs', kind: 'content', key: 'faqs' },
  { route: 'features', kind: 'content', key: 'features' },
  { route: 'howitworks', kind: 'content', key: 'howitworks' },
  { route: 'navcomp', kind: 'sitemap', key: 'navcomp' },
  { route: 'feedback/contact', kind: 'feedback', key: 'feedback_contact', topic: 'contact' },
  { route: 'feedback/demo', kind: 'feedback', key: 'feedback_demo', topic: 'demo' },
  { route: 'feedback/uninstall', kind: 'feedback', key: 'feedback_uninstall', topic: 'uninstall' },
  // Any other /feedback/{id}: the server serves this general form (the script reads the id).
  { route: 'feedback', kind: 'feedback', key: 'feedback_general', topic: '' },
];

/** The site map (`/navcomp`), in reading order: [path, key of its title in `public`]. */
export const SITE_MAP = [
  ['/workspace/signup', 'signup_title'],
  ['/features', 'features_title'],
  ['/howitworks', 'howitworks_title'],
  ['/pricing', 'pricing'],
  ['/faqs', 'faqs_title'],
  ['/feedback/contact', 'feedback_contact_title'],
  ['/feedback/demo', 'feedback_demo_title'],
  ['/terms', 'terms_title'],
  ['/privacy', 'privacy_title'],
  ['/navcomp', 'navcomp_title'],
];

const LANGUAGE_NAMES = { en: 'English', es: 'Español', hi: 'हिन्दी', id: 'Bahasa Indonesia', 'pt-BR': 'Português (Brasil)', 'pt-PT': 'Português (Portugal)' };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The address of `path` in `lang` (English has none of `?lang=`), absolute when a base is known. */
const address = (base, path, lang) => `${base}${path}${lang === 'en' ? '' : `?lang=${lang}`}`;

// Contrast at least 4.5:1 everywhere (body #212529, muted #495057, links #3b48b8 underlined).
const CSS = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa}
a{color:#3b48b8;text-decoration:underline;text-underline-offset:2px}a:hover{color:#2b3590}a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #3b48b8;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
header,footer{background:#fff;border-bottom:1px solid #dee2e6}footer{border-top:1px solid #dee2e6;border-bottom:0;margin-top:48px}
.bar{max-width:880px;margin:0 auto;padding:12px 20px;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center}
.brand{font-weight:700;font-size:18px;color:#2b3590;text-decoration:none;margin-right:auto}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}nav li a{display:inline-block;padding:6px 0}
main{max-width:880px;margin:0 auto;padding:24px 20px;background:#fff}
h1{font-size:30px;line-height:1.25;margin:8px 0 16px}h2{font-size:22px;margin:32px 0 8px}h3{font-size:18px;margin:24px 0 4px}
.lead{color:#495057;font-size:18px}
table{border-collapse:collapse;width:100%;font-size:15px}th,td{border:1px solid #dee2e6;padding:8px;text-align:left;vertical-align:top}
footer p{color:#495057;margin:0;flex-basis:100%}
form{display:grid;gap:16px;max-width:560px}label{display:grid;gap:4px;font-weight:600}
input,textarea{font:inherit;padding:10px 12px;border:1px solid #868e96;border-radius:6px;width:100%;background:#fff;color:#212529}textarea{min-height:160px}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#c92a2a}
button{font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:6px;background:#3b48b8;color:#fff;cursor:pointer;justify-self:start}button:disabled{opacity:.7}
.error{color:#c92a2a;font-weight:600}.thanks{border-left:4px solid #2b8a3e;padding:8px 16px;background:#ebfbee}[hidden]{display:none}`;

function layout({ lang, base, path, title, description, body, strings, scripts = '' }) {
  const s = strings;
  const alternates = LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${esc(address(base, path, l))}">`).join('') +
    `<link rel="alternate" hreflang="x-default" href="${esc(address(base, path, 'en'))}">`;
  const languages = LANGUAGES.map((l) =>
    `<li><a href="${esc(address('', path, l))}" hreflang="${l}" lang="${l}"${l === lang ? ' aria-current="true"' : ''}>${LANGUAGE_NAMES[l]}</a></li>`).join('');
  const fullTitle = `${title} · Switchboard`;
  const url = address(base, path, lang);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(fullTitle)}</title><meta name="description" content="${esc(description)}"><link rel="canonical" href="${esc(url)}">${alternates}
<meta property="og:type" content="website"><meta property="og:site_name" content="Switchboard"><meta property="og:title" content="${esc(fullTitle)}"><meta property="og:description" content="${esc(description)}"><meta property="og:url" content="${esc(url)}"><meta property="og:locale" content="${lang.replace('-', '_')}">
<meta name="twitter:card" content="summary"><meta name="color-scheme" content="light"><link rel="icon" type="image/svg+xml" href="${FAVICON.href}">
<style>${CSS}</style>${scripts}</head><body><a class="skip" href="#main">${esc(s.skip)}</a>
<header><div class="bar"><a class="brand" href="/">Switchboard</a><nav aria-label="${esc(s.site_nav)}"><ul>
<li><a href="/features">${esc(s.features_title)}</a></li><li><a href="/howitworks">${esc(s.howitworks_title)}</a></li><li><a href="/pricing">${esc(s.pricing)}</a></li><li><a href="/faqs">${esc(s.faqs_title)}</a></li><li><a href="/workspace/signup">${esc(s.sign_in)}</a></li></ul></nav></div></header>
<main id="main"><h1>${esc(title)}</h1>${body}</main>
<footer><div class="bar"><p>${esc(s.tagline)}</p><nav aria-label="${esc(s.navcomp_title)}"><ul><li><a href="/terms">${esc(s.terms_title)}</a></li><li><a href="/privacy">${esc(s.privacy_title)}</a></li><li><a href="/feedback/contact">${esc(s.feedback_contact_title)}</a></li><li><a href="/navcomp">${esc(s.navcomp_title)}</a></li></ul></nav>
<nav aria-label="${esc(s.language_nav)}"><ul>${languages}</ul></nav></div></footer></body></html>
`;
}

function feedbackBody(page, s) {
  return `<p class="lead">${esc(s[`${page.key}_intro`])}</p>
<form id="feedback" data-topic="${page.topic}" data-sending="${esc(s.form_sending)}" data-failed="${esc(s.form_failed)}" data-limited="${esc(s.form_rate_limited)}" novalidate>
<label>${esc(s.form_name)}<input name="name" autocomplete="name" maxlength="120" required></label>
<label>${esc(s.form_email)}<input name="email" type="email" autocomplete="email" maxlength="254" required></label>
<label>${esc(s.form_whatsapp)}<input name="whatsapp" type="tel" autocomplete="tel" maxlength="40"></label>
<label>${esc(s.form_message)}<textarea name="message" maxlength="5000" required></textarea></label>
<p class="error" role="alert" id="feedback-error"></p><button type="submit">${esc(s.form_send)}</button></form>
<div class="thanks" id="feedback-thanks" role="status" tabindex="-1" hidden><h2>${esc(s.form_thanks_title)}</h2><p>${esc(s.form_thanks)}</p></div>
<noscript><p>${esc(s.form_needs_js)}</p></noscript>`;
}

/** The form's script: sends the form as JSON, then thanks (or says what failed). The form is
 * shown from the first paint (revealing it later would shift the page). */
const FEEDBACK_SCRIPT = `(()=>{const f=document.getElementById('feedback');if(!f)return;
const err=document.getElementById('feedback-error'),ok=document.getElementById('feedback-thanks'),btn=f.querySelector('button');
let topic=f.dataset.topic;if(!topic){const id=location.pathname.split('/').filter(Boolean)[1]||'';topic=/^[a-z0-9_-]{1,40}$/.test(id)?id:'general';}
f.addEventListener('submit',async(e)=>{e.preventDefault();err.textContent='';const label=btn.textContent;btn.disabled=true;btn.textContent=f.dataset.sending;
for(const el of f.elements)el.removeAttribute&&el.removeAttribute('aria-invalid');
const d=Object.fromEntries(new FormData(f));const body={name:d.name,email:d.email,message:d.message};if(d.whatsapp&&d.whatsapp.trim())body.whatsapp=d.whatsapp;
try{const r=await fetch('/api/feedback/'+topic,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});
if(r.ok){f.hidden=true;ok.hidden=false;ok.focus();return;}
const a=await r.json().catch(()=>({}));const fields=(a.error&&a.error.fields)||{};
for(const k of Object.keys(fields)){const el=f.elements[k];if(el)el.setAttribute('aria-invalid','true');}
err.textContent=r.status===429?f.dataset.limited:f.dataset.failed;const first=f.querySelector('[aria-invalid=true]');if(first)first.focus();}
catch{err.textContent=f.dataset.failed;}finally{btn.disabled=false;btn.textContent=label;}});})();
`;

function sitemapBody(s) {
  const items = SITE_MAP.map(([path, key]) => `<li><a href="${path}">${esc(s[key])}</a></li>`).join('');
  return `<p class="lead">${esc(s.navcomp_intro)}</p><ul>${items}</ul>`;
}

/** The sign-up page's first paint: what the card shows before the app starts. */
function signupShell(lang) {
  const a = JSON.parse(readFileSync(join(LOCALES_DIR, lang, 'auth.json'), 'utf8'));
  const style = 'min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:#f8f9fa;font:16px/1.6 system-ui,sans-serif;color:#212529';
  const card = 'width:100%;max-width:440px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px';
  return { title: a.signup_title, description: a.signup_subtitle,
    html: `<div style="${style}"><div style="${card}"><p style="margin:0 0 16px;font-weight:700;color:#2b3590">Switchboard</p><h1 style="font-size:26px;line-height:1.35;margin:0 0 16px">${esc(a.signup_title)}</h1><p style="margin:0;color:#495057">${esc(a.signup_subtitle)}</p></div></div>` };
}

let FAVICON = { href: '/favicon.svg' };

function write(dist, route, lang, html) {
  const dir = join(dist, route);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, lang === 'en' ? 'index.html' : `index.${lang}.html`), html);
}

/** Writes every static page into `dist` (the app's index.html must be there); answers how many. */
export function prerender(dist, base = process.env.SWITCHBOARD_PUBLIC_URL ?? '') {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(index)?.[1] ?? '/favicon.svg';
  const svg = existsSync(join(dist, href)) ? readFileSync(join(dist, href), 'utf8') : '';
  FAVICON = { href, inline: svg ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}` : href };
  const script = FEEDBACK_SCRIPT;
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  const scriptPath = `/assets/feedback-${hash}.js`;
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, scriptPath), script);
  let count = 0;
  for (const lang of LANGUAGES) {
    const s = publicStrings(lang);
    for (const page of STATIC_PAGES) {
      const path = `/${page.route}`;
      const title = s[`${page.key}_title`];
      const description = s[`${page.key}_description`];
      let body;
      let scripts = '';
      if (page.kind === 'content') body = contentHtml(page.key, lang);
      else if (page.kind === 'sitemap') body = sitemapBody(s);
      else {
        body = feedbackBody(page, s);
        scripts = `<script src="${scriptPath}" defer></script>`;
      }
      write(dist, page.route, lang, layout({ lang, base, path, title, description, body, strings: s, scripts }));
      count += 1;
    }
    // The sign-up page: the app itself, with a first paint and its own title and description.
    const shell = signupShell(lang);
    const signupPath = '/workspace/signup';
    // Kept lean: this page is the sign-up page's first load (260 KB budget, docs/BENCHMARKS.md),
    // so the favicon rides inside it (one response fewer) and only title, description and
    // canonical address are added.
    const head = `<title>${esc(shell.title)} · Switchboard</title><meta name="description" content="${esc(shell.description)}"><link rel="canonical" href="${esc(address(base, signupPath, lang))}">`;
    let signup = index
      .replace('<html lang="en">', `<html lang="${lang}">`)
      .replace(FAVICON.href, FAVICON.inline)
      .replace(/<title>[^<]*<\/title>/, head)
      .replace('<div id="root"></div>', `<div id="root">${shell.html}</div>`);
    // The style sheet moves from the head to after the first paint's markup: Chromium then paints
    // the card before the sheet arrives (a sheet in the head blocks every paint), while the app,
    // which needs the sheet, is still loading its modules and language.
    const sheets = signup.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    for (const sheet of sheets) signup = signup.replace(sheet, '');
    signup = signup.replace('</body>', `${sheets.join('')}</body>`);
    write(dist, 'workspace/signup', lang, signup);
    count += 1;
  }
  const urls = [...STATIC_PAGES.filter((p) => p.route !== 'feedback').map((p) => `/${p.route}`), '/workspace/signup', '/pricing'];
  if (base) {
    writeFileSync(join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${esc(base + u)}</loc></url>`).join('')}</urlset>\n`);
  }
  return count;
}

/** The Vite plugin: runs after the bundle is written, before precompress. */
export function prerenderPages() {
  let outDir = 'dist';
  return {
    name: 'switchboard-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler(error) {
        if (error || !existsSync(join(outDir, 'index.html'))) return; // the build failed: nothing to add to
        const n = prerender(outDir);
        console.log(`prerendered ${n} pages in ${outDir}`);
      },
    },
  };
}
