import type { Plugin } from 'vite';
export const CONTENT_DIR: string;
export const LOCALES_DIR: string;
export const LANGUAGES: string[];
export const CONTENT_PAGES: string[];
export function markdownToHtml(md: string): string;
export function contentHtml(page: string, lang: string): string;
export function publicStrings(lang: string): Record<string, string>;
export function markdownContent(): Plugin;
