import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TLanguage } from '@meridian/contracts/constants';
import {
  contentLanguage,
  type TContentFile,
  type TLegalDocument,
  type TLegalDocumentContent,
  type TLegalDocumentName,
  type TLocalizedText,
  type TPublicContent,
  ZContentFile,
} from '@meridian/contracts/content';
import type { z } from 'zod';

/**
 * The shipped content file, `apps/server/content/default.json`: the nearest `content/default.json` above
 * this folder, seen from src/ (tsx, tests) or from dist/src/ (the built server), at any depth.
 */
export function defaultContentFile(): string {
  for (let dir = import.meta.dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'content', 'default.json');
    if (existsSync(file)) return file;
  }
  // Not found: the error names it where the server's own folder has it.
  return resolve('content', 'default.json');
}

/** A content file the server refuses to start with; the message names the file and each bad field. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

/**
 * Reads and validates the operator content file (`CONTENT_FILE`, else the shipped default). Throws
 * a ContentFileError naming the field path of every mistake, so a bad file stops start-up.
 */
export function loadContentFile(file: string = defaultContentFile()): TContentFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ContentFileError(`Cannot read the content file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ContentFileError(`The content file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = ZContentFile.safeParse(json);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues).join('; ');
    throw new ContentFileError(`Invalid content file ${file}: ${problems}`);
  }
  return parsed.data;
}

/**
 * `field.path: message` for each issue. A text may be a string or a per-language object, so a
 * mistake in one is reported by the alternative that got furthest, not as a bare "Invalid input".
 */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.find((branch) => !isTypeMismatchAtRoot(branch)) ?? issue.errors[0] ?? [];
      if (closest.length > 0) return describeIssues(closest, path);
    }
    const where = path.length > 0 ? path.map(String).join('.') : '(top level)';
    return [`${where}: ${issue.message}`];
  });
}

function isTypeMismatchAtRoot(branch: readonly z.core.$ZodIssue[]): boolean {
  return branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0;
}

/** The versions of the legal texts a sign-up accepts (what `users.terms_version` and the like record). */
export interface TLegalVersions {
  termsVersion: string;
  riskDisclosureVersion: string;
}

/**
 * A legal text's version: the start of the SHA-256 of the text in every language as the file has it
 * and of the brand it names, so any change of a word in any language makes a new version
 * (docs/operations.md, "Operator content").
 */
function legalVersion(brand: string, document: TLegalDocumentContent): string {
  return createHash('sha256').update(JSON.stringify({ brand, document })).digest('hex').slice(0, 16);
}

/** The operator content, answered per language (texts fall back to English; `{{brand}}` filled in). */
export class ContentService {
  private readonly byLanguage = new Map<TLanguage, TPublicContent>();
  /** The terms and the risk disclosure: the file's own, else the shipped default's. */
  private readonly legal: Record<TLegalDocumentName, { content: TLegalDocumentContent; version: string }>;

  constructor(readonly file: TContentFile) {
    const legal = file.legal ?? loadContentFile(defaultContentFile()).legal;
    if (!legal) throw new ContentFileError('The shipped content file has no legal texts');
    this.legal = {
      terms: { content: legal.terms, version: legalVersion(file.brand.name, legal.terms) },
      'risk-disclosure': {
        content: legal.riskDisclosure,
        version: legalVersion(file.brand.name, legal.riskDisclosure),
      },
    };
  }

  /** The versions a sign-up accepts now. */
  legalVersions(): TLegalVersions {
    return { termsVersion: this.legal.terms.version, riskDisclosureVersion: this.legal['risk-disclosure'].version };
  }

  /** GET /api/content/legal/:document?lang=: the text in the language `lang` names, with its version. */
  legalDocument(document: TLegalDocumentName, lang: string | undefined): TLegalDocument {
    const language = contentLanguage(lang);
    const { content, version } = this.legal[document];
    const text = localize(this.file.brand.name, language);
    return {
      document,
      language,
      title: text(content.title),
      sections: content.sections.map((section) => ({ heading: text(section.heading), body: text(section.body) })),
      version,
    };
  }

  /** GET /api/content?lang=: the content in the language `lang` names (English when it names none we have). */
  contentFor(lang: string | undefined): TPublicContent {
    return this.publicContent(contentLanguage(lang));
  }

  publicContent(language: TLanguage): TPublicContent {
    let answer = this.byLanguage.get(language);
    if (!answer) {
      answer = toPublicContent(this.file, language);
      this.byLanguage.set(language, answer);
    }
    return answer;
  }
}

/** A text in `language` (else English), with `{{brand}}` filled in. */
function localize(brand: string, language: TLanguage) {
  return (t: TLocalizedText): string => {
    const words = typeof t === 'string' ? t : (t[language] ?? t.en);
    return words.replaceAll('{{brand}}', brand);
  };
}

function toPublicContent(c: TContentFile, language: TLanguage): TPublicContent {
  const text = localize(c.brand.name, language);
  const maybe = (t: TLocalizedText | undefined) => (t === undefined ? null : text(t));
  const card = (k: { title: TLocalizedText; body: TLocalizedText }) => ({ title: text(k.title), body: text(k.body) });
  const { home, about, services } = c.copy;
  return {
    language,
    brand: { name: c.brand.name, logoUrl: c.brand.logoUrl ?? null, colours: c.brand.colours ?? null },
    copy: {
      home: home ? { title: text(home.title), lead: text(home.lead), features: home.features.map(card) } : null,
      about: about ? { title: text(about.title), paragraphs: about.paragraphs.map(text) } : null,
      services: services
        ? { title: text(services.title), lead: text(services.lead), services: services.services.map(card) }
        : null,
    },
    team: c.team.map((m) => ({ name: m.name, role: text(m.role), photoUrl: m.photoUrl ?? null, bio: maybe(m.bio) })),
    testimonials: c.testimonials.map((t) => ({
      quote: text(t.quote),
      author: t.author,
      location: t.location ?? null,
      source: t.source ?? null,
      sourceUrl: t.sourceUrl ?? null,
      consentNote: t.consentNote ?? null,
    })),
    foundedYear: c.foundedYear ?? null,
    rating: c.rating ?? null,
    chatScriptUrl: c.chatScriptUrl ?? null,
    social: c.social,
    contact: {
      email: c.contact?.email ?? null,
      phone: c.contact?.phone ?? null,
      address: maybe(c.contact?.address),
    },
  };
}
