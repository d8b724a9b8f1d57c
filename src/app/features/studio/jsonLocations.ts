/**
 * Where each value of a JSON text sits, by JSON pointer, so that a problem found on the parsed document (ajv's
 * instancePath, a server problem's pointer) can be underlined in the editor. Only called on text that
 * JSON.parse accepted.
 */
export interface TextRange {
  from: number;
  to: number;
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function jsonLocations(text: string): Map<string, TextRange> {
  const out = new Map<string, TextRange>();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++; // closing quote
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      while (text[i] !== '}' && i < text.length) {
        ws();
        const key = string();
        ws();
        i++; // colon
        value(`${pointer}/${escapePointerSegment(key)}`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      let index = 0;
      while (text[i] !== ']' && i < text.length) {
        value(`${pointer}/${index++}`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
    out.set(pointer, { from: start, to: i });
  };
  value('');
  return out;
}

/** The range of the value at `pointer`, or of its nearest existing ancestor (a missing property's parent). */
export function rangeOf(locations: Map<string, TextRange>, pointer: string): TextRange {
  let p = pointer;
  for (;;) {
    const hit = locations.get(p);
    if (hit) return hit;
    if (p === '') return { from: 0, to: 0 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

/** Character offset of a JSON.parse error ("... at position 12" or "line 2 column 5"), when the engine gives one. */
export function syntaxErrorOffset(text: string, message: string): number {
  const pos = /position (\d+)/.exec(message);
  if (pos) return Math.min(Number(pos[1]), text.length);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const lines = text.split('\n');
    let offset = 0;
    for (let l = 0; l < Number(lc[1]) - 1 && l < lines.length; l++) offset += lines[l]!.length + 1;
    return Math.min(offset + Number(lc[2]) - 1, text.length);
  }
  return text.length;
}
