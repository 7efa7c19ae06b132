import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, optionalText, replaceForbiddenCharacters, requiredText, text } from './fields.ts';

describe('the shared text schema', () => {
  const bad = ['a\u0000b', '\u0000', '\u0001', '\u001b[0m', '\u001f', '\ud800', 'x\udc00', '\udbff\ud800', 'end\ud83d'];
  const good = ['', 'Ada', 'a\tb', 'line\r\nline', '😀', 'naïve café', '\u007f', '\u00a0', '\ufffd'];

  it.each(bad)('refuses %j', (value) => {
    expect(hasForbiddenCharacters(value)).toBe(true);
    for (const schema of [text(), requiredText('validation.firstnameRequired', 64), optionalText(64)]) {
      const parsed = schema.safeParse(value);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual(['validation.invalidCharacters']);
    }
  });

  it.each(good)('accepts %j', (value) => {
    expect(hasForbiddenCharacters(value)).toBe(false);
    expect(text().safeParse(value).success).toBe(true);
    expect(replaceForbiddenCharacters(value)).toBe(value);
  });

  it('keeps each field its own messages and limits', () => {
    const first = requiredText('validation.firstnameRequired', 3);
    expect(first.safeParse('  ').error?.issues[0]?.message).toBe('validation.firstnameRequired');
    expect(first.safeParse(5).error?.issues[0]?.message).toBe('validation.firstnameRequired');
    expect(first.safeParse('abcd').error?.issues[0]?.message).toBe('validation.tooLong');
    expect(first.parse(' ab ')).toBe('ab');
    const alert = optionalText(3, {
      invalid: 'validation.alertMessageInvalid',
      tooLong: 'validation.alertMessageTooLong',
    });
    expect(alert.parse('  ')).toBe('');
    expect(alert.safeParse('abcd').error?.issues[0]?.message).toBe('validation.alertMessageTooLong');
    expect(alert.safeParse(1).error?.issues[0]?.message).toBe('validation.alertMessageInvalid');
  });

  it('replaceForbiddenCharacters puts U+FFFD in place of each forbidden character', () => {
    expect(replaceForbiddenCharacters('a\u0000b\ud800c\udc00😀\t')).toBe('a\ufffdb\ufffdc\ufffd😀\t');
  });
});
