/**
 * Just enough XML reading for one SOAP answer (Mondial Relay's point search): elements found by
 * local name whatever their namespace prefix, their text with entities decoded. Not a general XML
 * parser — no attributes, no CDATA, no mixed content — which is all that answer uses, and it saves
 * a dependency.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with the five XML entities and numeric character references decoded. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
    if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10)) ?? whole;
    return ENTITIES[name] ?? whole;
  });
}

const safeCodePoint = (code: number) => (Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined);

/** Text to put between tags. */
export const escapeXmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

// Lazy attributes, so that `<Name />` reads as empty rather than running on to a later `</Name>`.
const elementPattern = (name: string) =>
  new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${name}\\s*>)`, 'g');

/** The inner XML of every `name` element in `xml` (not nested in one another), in document order; '' for `<name/>`. */
export function readElements(xml: string, name: string): string[] {
  return [...xml.matchAll(elementPattern(name))].map((match) => match[1] ?? '');
}

/** The decoded, trimmed text of the first `name` element, or undefined if there is none. */
export function readText(xml: string, name: string): string | undefined {
  const [first] = readElements(xml, name);
  return first === undefined ? undefined : decodeXmlText(first).trim();
}
