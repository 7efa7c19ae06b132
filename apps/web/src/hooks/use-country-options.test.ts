import { expect, it } from 'vitest';
import { countryOptions } from './use-country-options';

it('names countries by their everyday names and sorts them in the reader’s language', () => {
  const en = countryOptions('en');
  const names = en.map((option) => option.name);
  expect(names).toContain('China');
  expect(names.some((name) => name.startsWith('People’s Republic') || name.startsWith("People's Republic"))).toBe(
    false,
  );
  expect(names.indexOf('Chile')).toBeLessThan(names.indexOf('China'));
  expect(names.indexOf('China')).toBeLessThan(names.indexOf('Colombia'));
  expect(en.find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
  expect(countryOptions('ja').find((option) => option.code === 'FR')?.name).toBe('フランス');
});
