/**
 * The text of a PDF that pdfkit wrote uncompressed (`compress: false`), for tests: page contents
 * hold glyph ids in hex (`[<0012 0034> 10 <0056>] TJ`), turned back into text through each
 * embedded font's ToUnicode map. One string per TJ/Tj (a line or cell as written), in order.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(match[1] ?? '', match[2] ?? '');

  // Font resource names (F1, F2 …) → their ToUnicode maps.
  const unicode = new Map<string, Map<number, string>>();
  for (const body of objects.values()) {
    for (const ref of body.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(ref[2] ?? '');
      const cmapRef = font ? /\/ToUnicode (\d+) 0 R/.exec(font)?.[1] : undefined;
      const cmap = cmapRef ? objects.get(cmapRef) : undefined;
      if (cmap && ref[1]) unicode.set(ref[1], parseCmap(cmap));
    }
  }

  const lines: string[] = [];
  for (const body of objects.values()) {
    const stream = /stream\r?\n([\s\S]*?)endstream/.exec(body)?.[1];
    if (!stream || !/ T[fjJ]\b/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-fA-F]*)> Tj/g)) {
      if (op[1]) {
        font = unicode.get(op[1]);
        continue;
      }
      const hexes =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '') : [op[3] ?? ''];
      lines.push(hexes.map((hex) => decode(hex, font)).join(''));
    }
  }
  return lines;
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> \[([^\]]*)\]/g)) {
    let code = Number.parseInt(range[1] ?? '0', 16);
    for (const entry of (range[3] ?? '').matchAll(/<([0-9a-fA-F ]*)>/g)) {
      const units = (entry[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((h) => Number.parseInt(h, 16));
      map.set(code++, String.fromCharCode(...units));
    }
  }
  return map;
}

function decode(hex: string, font: Map<number, string> | undefined): string {
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) text += font?.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?';
  return text;
}

/** The number of pages of a PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
