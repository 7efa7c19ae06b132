import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TContentFileInput, TPublicContent } from '@meridian/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { ContentFileError, defaultContentFile, loadContentFile } from './content.service.ts';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'meridian-content-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function writeContent(content: unknown): string {
  const file = join(dir, `content-${files++}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const getContent = (app = t.app, query = '') => app.inject({ method: 'GET', url: `/api/content${query}` });

/** An operator's file with every optional part filled in. */
const operatorFile: TContentFileInput = {
  brand: {
    name: 'Acme Markets',
    logoUrl: '/brand/logo.svg',
    colours: {
      light: { primary: '#0f766e', primaryHover: '#115e59', primaryFg: '#ffffff' },
      dark: { primary: '#2dd4bf', primaryHover: '#5eead4', primaryFg: '#042f2e' },
    },
  },
  copy: {
    about: { title: { en: 'About {{brand}}', fr: 'À propos de {{brand}}' }, paragraphs: ['Founded in Lisbon.'] },
  },
  team: [{ name: 'Rita Costa', role: { en: 'Head of Operations', de: 'Leiterin Betrieb' } }],
  testimonials: [
    { quote: 'Clear and quick.', author: 'J. M.', source: 'Trustpilot', sourceUrl: 'https://www.trustpilot.com/x' },
    { quote: 'Helpful support.', author: 'A. K.', consentNote: 'Sent by email on 2 May 2024, published with consent' },
  ],
  foundedYear: 2019,
  rating: { value: 4.2, count: 311, source: 'Trustpilot', url: 'https://www.trustpilot.com/review/acme.example' },
  chatScriptUrl: 'https://chat.example.com/widget.js',
  social: [{ network: 'X', url: 'https://x.com/acme' }],
  contact: { email: 'help@acme.example', phone: '+351 21 000 0000' },
};

describe('the shipped default content', () => {
  it('is valid and makes no unverifiable claim: no rating, team, testimonials or founding year', () => {
    const content = loadContentFile(defaultContentFile());
    expect(content.brand.name).toBe('Meridian');
    expect(content.rating).toBeUndefined();
    expect(content.foundedYear).toBeUndefined();
    expect(content.team).toEqual([]);
    expect(content.testimonials).toEqual([]);
    // Nothing the platform cannot show to be true: no client counts, years or ratings in the copy.
    const text = readFileSync(defaultContentFile(), 'utf8');
    expect(text).not.toMatch(/\d+\s*K\+|\d{3,}\+|99\.9|\b4\.7\b|award|years of experience/i);
  });

  it('GET /api/content answers it in English by default: brand, copy with the brand filled in, nothing invented', async () => {
    const res = await getContent();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json<TPublicContent>();
    expect(body).toMatchObject({
      language: 'en',
      brand: { name: 'Meridian', logoUrl: null, colours: null },
      team: [],
      testimonials: [],
      rating: null,
      foundedYear: null,
      chatScriptUrl: null,
      social: [],
      contact: { email: null, phone: null, address: null },
    });
    expect(body.copy.home?.lead).toContain('Meridian lets you trade 10 currency pairs');
    expect(body.copy.home?.features.map((f) => f.title)).toEqual(['10 currency pairs', 'Fixed-term plans', '0% fees']);
    expect(body.copy.about?.title).toBe('About Meridian');
    expect(body.copy.services?.services).toHaveLength(4);
    expect(res.body).not.toContain('{{');
  });

  it.each([
    ['?lang=fr', 'fr', 'À propos de Meridian'],
    ['?lang=pt-BR', 'pt', 'Sobre a Meridian'],
    ['?lang=JA', 'ja', 'Meridian について'],
    ['?lang=xx', 'en', 'About Meridian'],
    ['?lang=', 'en', 'About Meridian'],
  ])('%s answers in %s', async (query, language, aboutTitle) => {
    const body = (await getContent(t.app, query)).json<TPublicContent>();
    expect(body.language).toBe(language);
    expect(body.copy.about?.title).toBe(aboutTitle);
  });

  it('refuses unknown query fields', async () => {
    expect((await getContent(t.app, '?admin=1')).statusCode).toBe(400);
  });

  it('refuses a language tag over 35 characters, by key', async () => {
    const res = await getContent(t.app, `?lang=${'a'.repeat(36)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', fieldKeys: { lang: { key: 'validation.tooLong' } } });
  });
});

describe('an operator content file (CONTENT_FILE)', () => {
  it('is answered as written: rating with its source, testimonials with source or consent, team, links', async () => {
    const app = await buildTestApp({ CONTENT_FILE: writeContent(operatorFile) }, { sameDatabaseAs: t });
    try {
      const en = (await getContent(app.app)).json<TPublicContent>();
      expect(en.brand).toEqual(operatorFile.brand);
      expect(en.rating).toEqual(operatorFile.rating);
      expect(en.foundedYear).toBe(2019);
      expect(en.copy).toEqual({
        home: null,
        services: null,
        about: { title: 'About Acme Markets', paragraphs: ['Founded in Lisbon.'] },
      });
      expect(en.team).toEqual([{ name: 'Rita Costa', role: 'Head of Operations', photoUrl: null, bio: null }]);
      expect(en.testimonials).toEqual([
        {
          quote: 'Clear and quick.',
          author: 'J. M.',
          location: null,
          source: 'Trustpilot',
          sourceUrl: 'https://www.trustpilot.com/x',
          consentNote: null,
        },
        expect.objectContaining({ source: null, consentNote: 'Sent by email on 2 May 2024, published with consent' }),
      ]);
      expect(en.contact).toEqual({ email: 'help@acme.example', phone: '+351 21 000 0000', address: null });

      // Per-language texts, falling back to English where the operator wrote none.
      const de = (await getContent(app.app, '?lang=de')).json<TPublicContent>();
      expect(de.team[0]?.role).toBe('Leiterin Betrieb');
      expect(de.copy.about?.title).toBe('About Acme Markets');
      const fr = (await getContent(app.app, '?lang=fr')).json<TPublicContent>();
      expect(fr.copy.about?.title).toBe('À propos de Acme Markets');
      expect(fr.team[0]?.role).toBe('Head of Operations');
    } finally {
      await app.close();
    }
  });
});

describe('a bad content file stops start-up with a message naming the field', () => {
  const withBrand = (overrides: Record<string, unknown>) => ({ brand: { name: 'Acme' }, ...overrides });
  it.each([
    [
      'a colour that is not a colour',
      { brand: { ...operatorFile.brand, colours: { ...operatorFile.brand.colours, dark: { primary: 'teal' } } } },
      'brand.colours.dark.primary: Use a colour like #0369a1',
    ],
    [
      'a testimonial without source or consent note',
      withBrand({ testimonials: [{ quote: 'Great!', author: 'Anon' }] }),
      'testimonials.0.source: A testimonial needs a source or a consent note',
    ],
    [
      'a rating without its source',
      withBrand({ rating: { value: 4.7, count: 705000, url: 'https://example.com' } }),
      'rating.source',
    ],
    ['a rating above 5', withBrand({ rating: { ...operatorFile.rating, value: 7 } }), 'rating.value'],
    ['a missing brand name', { brand: {} }, 'brand.name'],
    ['an empty English text', withBrand({ copy: { home: { title: { en: ' ' }, lead: 'x' } } }), 'copy.home.title.en'],
    ['an empty text', withBrand({ copy: { about: { title: '', paragraphs: ['x'] } } }), 'copy.about.title'],
    ['a language we do not have', withBrand({ team: [{ name: 'A', role: { en: 'CEO', xx: 'CEO' } }] }), 'team.0.role'],
    ['a founding year in the future', withBrand({ foundedYear: 3000 }), 'foundedYear'],
    ['a script over plain http', withBrand({ chatScriptUrl: 'http://chat.example.com/w.js' }), 'chatScriptUrl'],
    ['a javascript: link', withBrand({ social: [{ network: 'X', url: 'javascript:alert(1)' }] }), 'social.0.url'],
    ['a misspelt key', { ...withBrand({}), testimonails: [] }, 'testimonails'],
  ])('%s', async (_label, content, field) => {
    const file = writeContent(content);
    const error = await buildTestApp({ CONTENT_FILE: file }, { sameDatabaseAs: t }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as Error).message).toContain(`Invalid content file ${file}`);
    expect((error as Error).message).toContain(field);
  });

  it('a file that is not JSON, or is missing, is named in the error', () => {
    const notJson = writeContent('{ "brand": ');
    expect(() => loadContentFile(notJson)).toThrow(`The content file ${notJson} is not valid JSON`);
    expect(() => loadContentFile(join(dir, 'missing.json'))).toThrow(/Cannot read the content file .*missing\.json/);
  });
});
