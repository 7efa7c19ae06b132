import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@meridian/contracts/constants';
import escapeHtml from 'escape-html';
import type { TMail } from '../../../providers/mail/interface.ts';

/**
 * A mail's body as a few kinds of block, written once and rendered twice: as the text part and as
 * the HTML part beside it. Every value is escaped in the HTML (a name, a reason, an address), so
 * nothing a person typed becomes markup.
 */
export type TMailBlock =
  | { kind: 'p'; text: string }
  /** A value to copy or read out: a code, an address. */
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string };

export const p = (text: string): TMailBlock => ({ kind: 'p', text });
export const code = (text: string): TMailBlock => ({ kind: 'code', text });
export const link = (href: string): TMailBlock => ({ kind: 'link', href });

/** The opening line to the reader by first name, the same in every mail of a language. */
const GREETINGS: Record<TLanguage, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  es: (name) => `Hola, ${name}:`,
  fr: (name) => `Bonjour ${name},`,
  de: (name) => `Hallo ${name},`,
  it: (name) => `Ciao ${name},`,
  pt: (name) => `Olá, ${name},`,
  ru: (name) => `Здравствуйте, ${name}!`,
  ja: (name) => `${name} 様`,
};

export const greeting = (language: TLanguage, name: string): TMailBlock => p(GREETINGS[language](name));

function blockText(block: TMailBlock): string {
  if (block.kind === 'p') return block.text;
  if (block.kind === 'code') return `  ${block.text}`;
  return block.href;
}

function blockHtml(block: TMailBlock): string {
  if (block.kind === 'p') return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
  if (block.kind === 'code') {
    return `<p style="margin:0 0 16px;font-family:monospace;font-size:18px;font-weight:bold;word-break:break-all">${escapeHtml(block.text)}</p>`;
  }
  const href = escapeHtml(block.href);
  return `<p style="margin:0 0 16px"><a href="${href}" style="color:#2563eb;word-break:break-all">${href}</a></p>`;
}

/** The message in `language`: its text part (blocks separated by a blank line) and its HTML part. */
export function composeMail(
  to: string,
  language: TLanguage,
  content: { subject: string; blocks: readonly TMailBlock[] },
): TMail {
  const blocks = content.blocks.filter((block) => block.kind !== 'p' || block.text !== '');
  const text = blocks.map(blockText).join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    ...blocks.map(blockHtml),
    '</div></body></html>',
  ].join('\n');
  return { to, subject: content.subject, text, html, language };
}

/** The language of the email: the one the web app named, else the first known one of Accept-Language. */
export function mailLanguage(named: TLanguage | undefined, acceptLanguage: string | undefined): TLanguage {
  if (named) return named;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
