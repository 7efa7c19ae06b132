import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from './constants.ts';
import { text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { ZHttpUrl } from './news.ts';

/*
 * Operator content (docs/deviations.md): brand, marketing copy, team, testimonials and any rating with its
 * source live in one JSON file the operator edits (`CONTENT_FILE`; the shipped default is
 * `apps/server/content/default.json`). The server validates it with `ZContentFile` at start-up and
 * refuses to start on a mistake, naming the field. Figures the platform can compute (clients,
 * countries, uptime) are never in this file: they come from `GET /api/public/stats`.
 */

const ZHexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Use a colour like #0369a1' });

/** An absolute http(s) address or a path on this site (`/brand/logo.svg`). */
const ZAssetUrl = z.union([ZHttpUrl, z.string().regex(/^\/(?!\/)[\w\-./]+$/)], {
  error: 'Use an http(s) address or a path starting with /',
});

const oneText = (max: number) => z.string().trim().min(1, { error: 'Must not be empty' }).max(max);

/**
 * Text in the operator's words: one string for every language, or one per language with English
 * required (`{ "en": "…", "fr": "…" }`); a missing language falls back to English. `{{brand}}`
 * is replaced by the brand name.
 */
export const localizedText = (max: number) =>
  z.union([
    oneText(max),
    z.strictObject({
      en: oneText(max),
      es: oneText(max).optional(),
      fr: oneText(max).optional(),
      de: oneText(max).optional(),
      it: oneText(max).optional(),
      pt: oneText(max).optional(),
      ru: oneText(max).optional(),
      ja: oneText(max).optional(),
    }),
  ]);
export type TLocalizedText = z.infer<ReturnType<typeof localizedText>>;

const ZThemeColours = z.strictObject({ primary: ZHexColour, primaryHover: ZHexColour, primaryFg: ZHexColour });

const ZCardContent = z.strictObject({ title: localizedText(120), body: localizedText(1000) });

const ZTestimonialContent = z
  .strictObject({
    quote: localizedText(600),
    author: oneText(100),
    location: oneText(100).optional(),
    /** Where it was published (e.g. "Trustpilot, 2 March 2024"), with a link when there is one. */
    source: oneText(200).optional(),
    sourceUrl: ZHttpUrl.optional(),
    /** For a testimonial sent to the operator directly: how consent to publish it was given. */
    consentNote: oneText(300).optional(),
  })
  .refine((t) => t.source !== undefined || t.consentNote !== undefined, {
    error: 'A testimonial needs a source or a consent note',
    path: ['source'],
  });

/** The legal texts a client accepts at sign-up, each a title and sections of a heading and its text. */
export const LEGAL_DOCUMENTS = ['terms', 'risk-disclosure'] as const;
export type TLegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

const ZLegalDocumentContent = z.strictObject({
  title: localizedText(160),
  sections: z
    .array(z.strictObject({ heading: localizedText(160), body: localizedText(4000) }))
    .min(1)
    .max(40),
});
export type TLegalDocumentContent = z.infer<typeof ZLegalDocumentContent>;

/**
 * The operator content file. Every part but `brand` may be left out; what is absent is not shown,
 * except `legal`: a file without it has the shipped default's terms and risk disclosure, since no
 * one signs up without accepting them.
 */
export const ZContentFile = z.strictObject({
  /** Lets editors point at a JSON schema; ignored. */
  $schema: z.string().optional(),
  brand: z.strictObject({
    name: oneText(60),
    logoUrl: ZAssetUrl.optional(),
    /** Overrides of the web app's primary colour per theme; the operator answers for their contrast. */
    colours: z.strictObject({ light: ZThemeColours, dark: ZThemeColours }).optional(),
  }),
  copy: z
    .strictObject({
      home: z
        .strictObject({
          title: localizedText(160),
          lead: localizedText(600),
          features: z.array(ZCardContent).max(6).default([]),
        })
        .optional(),
      about: z
        .strictObject({ title: localizedText(160), paragraphs: z.array(localizedText(2000)).min(1).max(10) })
        .optional(),
      services: z
        .strictObject({
          title: localizedText(160),
          lead: localizedText(600),
          services: z.array(ZCardContent).max(12).default([]),
        })
        .optional(),
    })
    .default({}),
  team: z
    .array(
      z.strictObject({
        name: oneText(100),
        role: localizedText(100),
        photoUrl: ZAssetUrl.optional(),
        bio: localizedText(600).optional(),
      }),
    )
    .max(50)
    .default([]),
  testimonials: z.array(ZTestimonialContent).max(50).default([]),
  foundedYear: z
    .number()
    .int()
    .min(1800)
    .refine((y) => y <= new Date().getUTCFullYear(), { error: 'The founding year cannot be in the future' })
    .optional(),
  /** A rating is only shown with where it comes from. */
  rating: z
    .strictObject({
      value: z.number().min(0).max(5),
      count: z.number().int().positive(),
      source: oneText(100),
      url: ZHttpUrl,
    })
    .optional(),
  /** A support chat widget's script (https only). */
  chatScriptUrl: z.url({ protocol: /^https$/, error: 'Use an https address' }).optional(),
  social: z
    .array(z.strictObject({ network: oneText(40), url: ZHttpUrl }))
    .max(12)
    .default([]),
  contact: z
    .strictObject({
      email: z.email().optional(),
      phone: oneText(40).optional(),
      address: localizedText(300).optional(),
    })
    .optional(),
  legal: z.strictObject({ terms: ZLegalDocumentContent, riskDisclosure: ZLegalDocumentContent }).optional(),
});
export type TContentFile = z.infer<typeof ZContentFile>;
export type TContentFileInput = z.input<typeof ZContentFile>;

// --- public answers --------------------------------------------------------------------------------

/** `?lang=` of `GET /api/content`: any tag; `pt-BR` reads as `pt`, an unknown language as English. */
export const ZContentQuery = z.strictObject({ lang: text().max(35, { error: 'validation.tooLong' }).optional() });

/** The site language a `lang` tag names, English when it names none we have. */
export function contentLanguage(tag: string | undefined): TLanguage {
  const base = tag?.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l === base) ?? DEFAULT_LANGUAGE;
}

const ZCard = z.object({ title: z.string(), body: z.string() });

/** `GET /api/content?lang=`: the operator content in one language; absent parts are `null` or empty. */
export const ZPublicContent = z.object({
  language: z.enum(LANGUAGES),
  brand: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    colours: z.object({ light: ZThemeColours, dark: ZThemeColours }).nullable(),
  }),
  copy: z.object({
    home: z.object({ title: z.string(), lead: z.string(), features: z.array(ZCard) }).nullable(),
    about: z.object({ title: z.string(), paragraphs: z.array(z.string()) }).nullable(),
    services: z.object({ title: z.string(), lead: z.string(), services: z.array(ZCard) }).nullable(),
  }),
  team: z.array(
    z.object({ name: z.string(), role: z.string(), photoUrl: z.string().nullable(), bio: z.string().nullable() }),
  ),
  testimonials: z.array(
    z.object({
      quote: z.string(),
      author: z.string(),
      location: z.string().nullable(),
      source: z.string().nullable(),
      sourceUrl: z.string().nullable(),
      consentNote: z.string().nullable(),
    }),
  ),
  foundedYear: z.number().int().nullable(),
  rating: z.object({ value: z.number(), count: z.number().int(), source: z.string(), url: z.string() }).nullable(),
  chatScriptUrl: z.string().nullable(),
  social: z.array(z.object({ network: z.string(), url: z.string() })),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
});
export type TPublicContent = z.infer<typeof ZPublicContent>;

/**
 * `GET /api/public/stats`: figures the platform computes. `clients`: open client accounts;
 * `countries`: distinct countries those clients live in; `daysOnline`: whole days since `launchedAt`,
 * the platform's launch (its first account, made at its very first start; restarts do not reset it).
 */
export const ZPublicStats = z.object({
  clients: z.number().int().nonnegative(),
  countries: z.number().int().nonnegative(),
  daysOnline: z.number().int().nonnegative(),
  launchedAt: z.iso.datetime(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;

export const ZLegalDocumentParams = z.strictObject({
  document: z.enum(LEGAL_DOCUMENTS, { error: 'errors.notFound' satisfies TMessageKey }),
});

/**
 * `GET /api/content/legal/:document?lang=`: the terms or the risk disclosure in one language.
 * `version` names the text in every language at once (the start of its SHA-256): what a client
 * accepted at sign-up is recorded by it.
 */
export const ZLegalDocument = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  language: z.enum(LANGUAGES),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
  version: z.string(),
});
export type TLegalDocument = z.infer<typeof ZLegalDocument>;

export const ACTIVITY_KINDS = ['deposit', 'withdrawal', 'investment'] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * One real, anonymised platform event for the live-activity popup: who is a country code
 * (ISO 3166-1 alpha-2) or else a first-name initial (both null for a closed account); `amount` is
 * whole dollars rounded to a coarse step, never the exact figure.
 */
export const ZActivityEvent = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  country: z.string().nullable(),
  initial: z.string().nullable(),
  amount: z.number().int().positive(),
  minutesAgo: z.number().int().nonnegative(),
});
export type TActivityEvent = z.infer<typeof ZActivityEvent>;

/** `GET /api/public/activity`: newest first; empty when nothing happened lately (the popup hides). */
export const ZPublicActivity = z.object({ events: z.array(ZActivityEvent) });
export type TPublicActivity = z.infer<typeof ZPublicActivity>;
