/**
 * The standard PDF fonts encode text in WinAnsi (Windows-1252): French accents, €, ’, « » and the
 * dashes are there, but not every character a buyer may type. Anything else is replaced before
 * drawing (pdf-lib would throw): its unaccented letter when it has one, else "?".
 */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': ' ', // narrow no-break space (Intl's French thousands separator)
  '\u2009': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u0153': 'œ',
  '\t': ' ',
};

export function sanitizeFor(charset: ReadonlySet<number>) {
  return (text: string): string => {
    let out = '';
    for (const character of text.normalize('NFC').replace(/[\r\n]+/g, ' ')) {
      const replaced = REPLACEMENTS[character] ?? character;
      if ([...replaced].every((c) => charset.has(c.codePointAt(0) ?? -1))) {
        out += replaced;
        continue;
      }
      const base = character.normalize('NFD').replace(/\p{M}+/gu, '');
      out += base !== '' && [...base].every((c) => charset.has(c.codePointAt(0) ?? -1)) ? base : '?';
    }
    return out;
  };
}
