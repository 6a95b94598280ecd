import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PAGES, pageNumber, paths, routePath, type Page } from './paths';

describe('order paths', () => {
  it('View carries the list page as fromPage (page 1 needs none)', () => {
    expect(paths.order(42, { fromPage: 3 })).toBe('/orders/42?fromPage=3');
    expect(paths.order(42, { fromPage: 1 })).toBe('/orders/42');
    expect(paths.order(42)).toBe('/orders/42');
  });

  it('Back returns to the saved page; anything else returns to page 1', () => {
    const back = (fromPage: string | null) => paths.orders({ page: pageNumber(fromPage) });
    expect(back('3')).toBe('/orders?page=3');
    expect(back('1')).toBe('/orders');
    expect(back(null)).toBe('/orders');
    expect(back('abc')).toBe('/orders');
    expect(back('-2')).toBe('/orders');
    expect(back('2.5')).toBe('/orders');
  });

  it('the list takes its filters as the URL writes them: yes/no as 1/0, empty ones left out', () => {
    expect(paths.orders({ attention: true })).toBe('/orders?attention=1');
    expect(paths.orders({ has_awb: false, courier: 'dpd', search: '' })).toBe('/orders?has_awb=0&courier=dpd');
    expect(paths.orders({ search: '0722 123 456', page: 2 })).toBe('/orders?search=0722+123+456&page=2');
  });
});

describe('pages', () => {
  it('the router takes each pattern relative to the frame, and links fill the patterns', () => {
    expect(routePath('order')).toBe('orders/:id');
    expect(routePath('newOrder')).toBe('orders/new');
    expect(paths.customer(7)).toBe('/customers/7');
    expect(paths.newOrder()).toBe('/orders/new');
    // Every page without a parameter has a link of the same path.
    for (const [page, pattern] of Object.entries(PAGES))
      if (!pattern.includes(':') && page in paths)
        expect((paths[page as keyof typeof paths] as () => string)(), page).toBe(pattern);
  });
});

/**
 * Pages whose paths the scan below looks for: the first segment of every page (`/orders`,
 * `/customers`…). The root and the two pages outside the React app (sign-in, invitation) are left
 * out: main.ts routes them before
 * the app's modules are downloaded.
 */
const OUTSIDE_THE_APP: Page[] = ['dashboard', 'login', 'invitation'];
const SEGMENTS = [
  ...new Set(
    (Object.entries(PAGES) as [Page, string][])
      .filter(([page]) => !OUTSIDE_THE_APP.includes(page))
      .map(([, pattern]) => pattern.split('/')[1]),
  ),
];
const PAGE_PATH = new RegExp(`^/(${SEGMENTS.join('|')})(?=$|[/?#])`);
const QUOTED_PAGE_PATH = new RegExp(`['"\`]/(${SEGMENTS.join('|')})(?=['"\`/?#$])`);

/** The string literals and template starts of a source that begin with a page's path, as `line: text`. */
function handWrittenPaths(source: string, file = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      if (PAGE_PATH.test(node.text))
        found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('links are built by lib/paths.ts', () => {
  it('finds a page path written by hand: a literal, a template, a JSX attribute', () => {
    expect(
      handWrittenPaths(
        [
          "navigate('/orders/new');",
          'const to = `/orders/${id}`;',
          '<Link to="/customers">x</Link>;',
          "const q = '/orders?attention=1';",
        ].join('\n'),
      ),
    ).toEqual(['1: /orders/new', '2: /orders/', '3: /customers', '4: /orders?attention=1']);
    // The API's paths and other words that only start alike are no page of the app.
    expect(handWrittenPaths("api.get('/api/v1/order'); const a = '/ordersx'; const b = 'orders/1';")).toEqual([]);
  });

  it('no file of the web app writes a page path by hand (tests aside): it uses paths or PAGES', () => {
    const web = path.resolve(__dirname, '..');
    const offences = sources(web)
      .filter((file) => path.relative(web, file) !== path.join('lib', 'paths.ts'))
      .map((file) => [file, fs.readFileSync(file, 'utf8')])
      // Only files with a quote before a page's path are parsed (a quick look at the text first).
      .filter(([, text]) => QUOTED_PAGE_PATH.test(text))
      .flatMap(([file, text]) => handWrittenPaths(text, file).map((hit) => `${path.relative(web, file)}:${hit}`));
    expect(offences).toEqual([]);
  });
});
