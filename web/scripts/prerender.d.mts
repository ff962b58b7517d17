import type { Plugin } from 'vite';
export const STATIC_PAGES: Array<{ route: string; kind: 'content' | 'sitemap' | 'feedback'; key: string; topic?: string }>;
export const SITE_MAP: Array<[string, string]>;
export function prerender(dist: string, base?: string): number;
export function prerenderPages(): Plugin;
