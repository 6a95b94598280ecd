import zlib from 'node:zlib';

/**
 * The text a PDF made by our maker (pdfkit, embedded fonts) shows, for tests: each page's text
 * runs decoded through their font's ToUnicode map, in drawing order, one line per run. Enough for
 * "the label names the company"; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const objRe = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = objRe.exec(src))) {
    const start = m.index + m[0].length;
    const end = src.indexOf('endobj', start);
    const body = src.slice(start, end);
    const s = body.indexOf('stream');
    let stream: Buffer | null = null;
    if (s >= 0) {
      const from = start + s + (body[s + 6] === '\r' ? 8 : 7);
      const to = src.indexOf('endstream', from);
      const raw = pdf.subarray(from, to);
      try {
        stream = /FlateDecode/.test(body.slice(0, s)) ? zlib.inflateSync(raw) : raw;
      } catch {
        stream = raw;
      }
    }
    objects.set(Number(m[1]), { dict: s >= 0 ? body.slice(0, s) : body, stream });
  }
  const cmapOf = (fontObj: number): Map<number, string> => {
    const map = new Map<number, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObj)?.dict ?? '');
    const text = ref ? (objects.get(Number(ref[1]))?.stream?.toString('latin1') ?? '') : '';
    const hex = (h: string) => parseInt(h, 16);
    const uni = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex));
    for (const r of text.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const targets = [...r[3].matchAll(/<([0-9a-f]+)>/gi)].map((x) => x[1]);
      targets.forEach((t, i) => map.set(hex(r[1]) + i, uni(t)));
    }
    for (const r of text.matchAll(/^<([0-9a-f]+)> <([0-9a-f]+)> <([0-9a-f]+)>$/gim))
      for (let c = hex(r[1]); c <= hex(r[2]); c++) map.set(c, String.fromCodePoint(hex(r[3]) + c - hex(r[1])));
    return map;
  };
  const lines: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const resources = /\/Resources (\d+) 0 R/.exec(dict);
    const resDict = resources ? (objects.get(Number(resources[1]))?.dict ?? '') : dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const f of resDict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(f[1], cmapOf(Number(f[2])));
    const contents = /\/Contents (\d+) 0 R/.exec(dict);
    const ops = contents ? (objects.get(Number(contents[1]))?.stream?.toString('latin1') ?? '') : '';
    let font = new Map<number, string>();
    for (const op of ops.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\] TJ/gi)) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map();
      else
        lines.push(
          [...op[2].matchAll(/<([0-9a-f]*)>/gi)]
            .map((h) => (h[1].match(/.{4}/g) ?? []).map((g) => font.get(parseInt(g, 16)) ?? '').join(''))
            .join(''),
        );
    }
  }
  return lines.join('\n');
}
