import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts statements are written in (docs/money.md, "Statements"): Noto Sans (Latin, Cyrillic)
 * and Noto Sans JP (Japanese, and any Chinese-script name in another language's statement), each
 * in the two weights used, regular and bold. The files are full TTFs; pdfkit embeds only the glyphs
 * a document uses. Each file is read once, when the first statement needs it.
 */

export type TFontName = 'sans' | 'sansBold' | 'jp' | 'jpBold';

const FILES: Record<TFontName, string> = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  jpBold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

const require = createRequire(import.meta.url);
const loaded = new Map<TFontName, Buffer>();

export function fontData(name: TFontName): Buffer {
  let data = loaded.get(name);
  if (!data) {
    data = readFileSync(require.resolve(FILES[name]));
    loaded.set(name, data);
  }
  return data;
}

/** Kana, CJK ideographs and full-width forms: text Noto Sans has no glyphs for. */
const JAPANESE_SCRIPT = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

export function needsJapaneseFont(text: string): boolean {
  return JAPANESE_SCRIPT.test(text);
}
