/**
 * The part of the product's stylesheet a page needs: the rules whose selectors name only classes
 * the page's markup uses, inside their @media / @supports, and the @keyframes they still name.
 * The finder's first response inlines it (ADR 018): ~5 KB instead of the whole ~38 KB, which the
 * phone would parse before drawing the card.
 *
 * It works on esbuild's minified output (one rule after another, no comments); it reads strings
 * and parentheses so a brace or comma inside them is not taken for structure.
 */
export function keepRulesFor(css: string, usedClasses: ReadonlySet<string>): string {
  // Animations only if a kept rule still names them.
  const rules = filterBlocks(css, usedClasses, () => false);
  const named = (name: string) => new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, '\\$&')}($|[^\\w-])`).test(rules);
  return filterBlocks(css, usedClasses, named);
}

type Block = { prelude: string; body: string };

function filterBlocks(css: string, used: ReadonlySet<string>, keyframeUsed?: (name: string) => boolean): string {
  let out = '';
  for (const block of blocksOf(css)) {
    // Statements before a block (`@charset "…";`) are kept as they are.
    const statementsEnd = block.prelude.lastIndexOf(';');
    if (statementsEnd !== -1) out += block.prelude.slice(0, statementsEnd + 1);
    const prelude = block.prelude.slice(statementsEnd + 1).trim();
    const { body } = block;
    const at = /^@([\w-]+)/.exec(prelude)?.[1];
    if (at === 'media' || at === 'supports' || at === 'container' || at === 'layer') {
      const inner = filterBlocks(body, used, keyframeUsed);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (at?.endsWith('keyframes')) {
      const name = prelude.slice(prelude.indexOf(' ') + 1).trim();
      if (!keyframeUsed || keyframeUsed(name)) out += `${prelude}{${body}}`;
    } else if (at) {
      out += `${prelude}{${body}}`;
    } else {
      const selectors = splitTopLevel(prelude).filter((selector) => classesOf(selector).every((name) => used.has(name)));
      if (selectors.length > 0) out += `${selectors.join(',')}{${body}}`;
    }
  }
  return out;
}

const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string);

/** The top-level `prelude{body}` blocks of a stylesheet (bodies may hold blocks of their own). */
function* blocksOf(css: string): Generator<Block> {
  let index = 0;
  while (index < css.length) {
    const open = indexOutside(css, '{', index);
    if (open === -1) return;
    let depth = 1;
    let cursor = open + 1;
    let quote: string | undefined;
    for (; cursor < css.length && depth > 0; cursor += 1) {
      const char = css[cursor];
      if (quote) {
        if (char === '\\') cursor += 1;
        else if (char === quote) quote = undefined;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
    }
    yield { prelude: css.slice(index, open).trim(), body: css.slice(open + 1, cursor - 1) };
    index = cursor;
  }
}

/** The first `target` at or after `from` outside strings. */
function indexOutside(text: string, target: string, from: number): number {
  let quote: string | undefined;
  for (let cursor = from; cursor < text.length; cursor += 1) {
    const char = text[cursor];
    if (quote) {
      if (char === '\\') cursor += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === target) return cursor;
  }
  return -1;
}

/** A selector list's selectors (commas inside :is(), :not() or attribute values stay). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let cursor = 0; cursor < list.length; cursor += 1) {
    const char = list[cursor];
    if (quote) {
      if (char === '\\') cursor += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, cursor));
      start = cursor + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** Every class a piece of markup uses. */
export function classesUsedIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list = ''] of html.matchAll(/\bclass="([^"]*)"/g)) for (const name of list.split(/\s+/)) if (name) classes.add(name);
  return classes;
}
