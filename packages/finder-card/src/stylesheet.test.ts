import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { finderDocumentClasses } from './document';
import { classesUsedIn, keepRulesFor } from './stylesheet';

const productCss = transformSync(readFileSync(fileURLToPath(import.meta.resolve('@bracelet/ui/styles.css')), 'utf8'), {
  loader: 'css',
  minify: true,
}).code;

describe("the finder page's stylesheet", () => {
  it('keeps the rules of the classes used, in their media queries, and drops the others', () => {
    const css = '.a{color:red}.b,.a .c{margin:0}.a.b{x:1}@media(max-width:10px){.a{top:0}.z{top:1}}@media print{.z{x:1}}';
    expect(keepRulesFor(css, new Set(['a', 'c']))).toBe('.a{color:red}.a .c{margin:0}@media(max-width:10px){.a{top:0}}');
  });

  it('keeps element and root rules, statements, and @keyframes only while a kept rule names them', () => {
    const css =
      '@charset "UTF-8";:root{--x:1}body{margin:0}.spin{animation:turn 1s}@keyframes turn{to{transform:rotate(1turn)}}@keyframes fade{to{opacity:0}}';
    expect(keepRulesFor(css, new Set(['spin']))).toBe(
      '@charset "UTF-8";:root{--x:1}body{margin:0}.spin{animation:turn 1s}@keyframes turn{to{transform:rotate(1turn)}}',
    );
    expect(keepRulesFor(css, new Set())).toBe('@charset "UTF-8";:root{--x:1}body{margin:0}');
  });

  it('is not fooled by braces or commas inside strings and parentheses', () => {
    const css = '.q:before{content:"}{,"}.a:is(.b,.c){x:1}.a[title="x,y"]{y:2}';
    expect(keepRulesFor(css, new Set(['q']))).toBe('.q:before{content:"}{,"}');
    expect(keepRulesFor(css, new Set(['a', 'b', 'c']))).toBe('.a:is(.b,.c){x:1}.a[title="x,y"]{y:2}');
  });

  it("on the product's stylesheet: every class of every finder state keeps its rules, the shop's are gone", () => {
    const used = finderDocumentClasses();
    for (const name of [
      'narrow',
      'card',
      'contact-phone',
      'btn--success',
      'alert--error',
      'alert--warning',
      'avatar',
      'site-footer__inner',
    ]) {
      expect(used.has(name), name).toBe(true);
    }
    const finder = keepRulesFor(productCss, used);
    // Every used class that has a rule in the product's stylesheet has one here.
    const styled = classesUsedIn(productCss.replace(/\.(-?[_a-zA-Z][\w-]*)/g, ' class="$1" '));
    for (const name of used) if (styled.has(name)) expect(finder, name).toContain(`.${name}`);
    for (const gone of ['.product-grid', '.checkout-summary', '.orders-table', '.consent', '@keyframes spin'])
      expect(finder).not.toContain(gone);
    expect(finder.length).toBeLessThan(productCss.length / 3);
  });
});
