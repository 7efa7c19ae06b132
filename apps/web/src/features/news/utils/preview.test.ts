import { describe, expect, it } from 'vitest';
import { previewOf } from './preview';

describe('previewOf', () => {
  it('keeps a short summary whole', () => {
    expect(previewOf('  Markets  rose today. ')).toBe('Markets rose today.');
  });

  it('cuts a long summary to at most 150 characters at a word, with an ellipsis', () => {
    const long = 'word '.repeat(60);
    const preview = previewOf(long);
    expect(preview.length).toBeLessThanOrEqual(150);
    expect(preview.endsWith('word…')).toBe(true);
  });
});
