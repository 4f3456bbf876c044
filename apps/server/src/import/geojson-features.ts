const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const COMMA = 0x2c;
const SQUARE = 0x5b;
const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The index of the quote that ends the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  throw new Error('unterminated string');
}

/**
 * The text of each element of a GeoJSON document's top-level `features` array, one at a time, without parsing the
 * document whole: a file of millions of tiny features is counted as it is scanned, and each feature is parsed
 * alone (JSON.parse of the whole once took a hostile file's every object into memory at once).
 */
export function* featureTexts(text: string): Generator<string> {
  let depth = 0;
  /** the last short string read at the top level: the key of the value that follows it */
  let key: string | undefined;
  let inFeatures = false;
  let found = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (WHITE.has(c)) continue;
    if (inFeatures && depth === 2 && start < 0 && c !== COMMA && !CLOSE.has(c)) start = i;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (depth === 1) key = end - i <= 16 ? text.slice(i + 1, end) : undefined;
      i = end;
    } else if (OPEN.has(c)) {
      if (depth === 1 && c === SQUARE && key === 'features' && !found) inFeatures = found = true;
      depth++;
    } else if (CLOSE.has(c)) {
      depth--;
      if (inFeatures && depth === 1) {
        if (start >= 0) yield text.slice(start, i);
        inFeatures = false;
        start = -1;
      }
      if (depth < 0) throw new Error('unbalanced');
    } else if (c === COMMA && inFeatures && depth === 2) {
      if (start < 0) throw new Error('empty feature');
      yield text.slice(start, i);
      start = -1;
    }
  }
  if (depth !== 0 || !found) throw new Error('not a FeatureCollection');
}
