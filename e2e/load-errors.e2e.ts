import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot as rawScreenshot, type E2eSession, callApi } from './harness';

/**
 * A screen that cannot load never shows React Router's developer page. With the server out of
 * reach, a click in the sidebar shows the translated "Cannot reach the server / Try again" panel
 * inside the frame (English and Romanian), and Try again opens the screen once the server answers.
 * After a deploy (the screen's file is gone) the page loads again once by itself and shows the
 * screen; when the file stays missing it does not loop, and says so. A save that fails with the
 * server out of reach keeps the dialog open with what was typed and says why.
 * Screenshots: artifacts/screenshots/load-errors-*.
 */
let session: E2eSession;
let page: Page;
let loads = 0;

const DEV_PAGE = /Unexpected Application Error|Hey developer/;
const refuse = (route: Route) => route.abort('connectionrefused');
/** The server out of reach: every request to it fails (the app's files and the API). */
const unreachable = () => page.route(`${session.server.baseUrl}/**`, refuse);
const reachable = () => page.unroute(`${session.server.baseUrl}/**`, refuse);
const nav = () => page.locator('nav.mantine-AppShell-navbar');
const sidebar = (name: string) => nav().getByRole('link', { name, exact: true });

async function screenshot(name: string) {
  await rawScreenshot(page, `load-errors-${name}`);
}

const ok = <T>(method: string, url: string, body?: unknown) => callApi<T>(page, method, url, body);

beforeAll(async () => {
  session = await openSignedInSession({ width: 1366, height: 900 });
  page = session.page;
  page.setDefaultTimeout(20000);
  page.on('load', () => (loads += 1));
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await rawScreenshot(page, `load-errors-FAILED-${ctx.task.name.slice(0, 40)}`);
  // Whatever a test made unreachable answers again for the next one.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
afterAll(() => closeSession(session));

describe('a screen that fails to load', () => {
  for (const [lang, T] of [
    [
      'en',
      {
        link: 'Customers',
        heading: 'Customers',
        panel: 'Cannot reach the server. Check your connection and try again.',
        retry: 'Try again',
      },
    ],
    [
      'ro',
      {
        link: 'Produse',
        heading: 'Produse',
        panel: 'Serverul nu poate fi contactat. Verificați conexiunea și încercați din nou.',
        retry: 'Încearcă din nou',
      },
    ],
  ] as const)
    it(`${lang}: server out of reach → the translated panel in the frame; Try again opens the screen once it answers`, async () => {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto(`${session.server.baseUrl}/`);
      await nav().waitFor();
      await unreachable();
      await sidebar(T.link).click();
      const panel = page.getByTestId('route-error');
      await panel.getByText(T.panel).waitFor();
      expect(await page.getByText(DEV_PAGE).count()).toBe(0);
      // The frame stays: the sidebar is there to go elsewhere.
      expect(await nav().count()).toBe(1);
      await screenshot(`1-offline-${lang}`);
      // Still out of reach: Try again keeps the panel (no browser error page).
      await panel.getByRole('button', { name: T.retry }).click();
      await panel.getByText(T.panel).waitFor();
      await reachable();
      const before = loads;
      await panel.getByRole('button', { name: T.retry }).click();
      await page.getByRole('heading', { name: T.heading, exact: true }).waitFor();
      expect(loads).toBe(before + 1);
      expect(await page.getByTestId('route-error').count()).toBe(0);
    });

  it('after a deploy (the screen’s file is gone) the page loads again once by itself and shows the screen', async () => {
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
      sessionStorage.clear();
    });
    await page.goto(`${session.server.baseUrl}/`);
    await nav().waitFor();
    // The old file name answers 404 once; the page loaded again gets it (as the new index.html would name it).
    let missing = 0;
    await page.route('**/assets/SourcesPage-*.js', async (route) => {
      if (missing++ === 0) await route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' });
      else await route.continue();
    });
    const before = loads;
    await sidebar('Sources').click();
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    expect(loads).toBe(before + 1);
    expect(new URL(page.url()).pathname).toBe('/sources');
    expect(await page.getByText(DEV_PAGE).count()).toBe(0);
    await page.unrouteAll();
  });

  it('when the file stays missing it reloads only once, then says the screen could not be loaded', async () => {
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${session.server.baseUrl}/`);
    await nav().waitFor();
    await page.route('**/assets/PackagesPage-*.js', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }),
    );
    const before = loads;
    await sidebar('Packages').click();
    const panel = page.getByTestId('route-error');
    await panel
      .getByText('This screen could not be loaded. Try again to load the latest version of the console.')
      .waitFor();
    // The panel is shown only when the page decided not to load again (RouteError), so no later
    // reload can follow it.
    expect(loads).toBe(before + 1);
    expect(await page.getByText(DEV_PAGE).count()).toBe(0);
    await screenshot('2-still-missing');
    await page.unrouteAll();
  });
});

describe('a save that fails', () => {
  it('keeps the dialog open with what was typed and says why', async () => {
    const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
    const products = await ok<{ data: { sku: string; stock: number | null; variations?: unknown[] }[] }>(
      'GET',
      '/api/v1/product?page=1&items=100',
    );
    const product = products.data.find((p) => !p.variations?.length && (p.stock ?? 0) > 3)!;
    const order = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
      name: 'Salvare Eșuată',
      phone_number: '0744 555 777',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12',
      source: sources.data[0].id,
      products: { [product.sku]: 1 },
    });
    await page.goto(`${session.server.baseUrl}/orders/${order.data.id}`);
    await page.getByTestId('summary-total').waitFor();
    await page.getByRole('button', { name: 'Add discount' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('12.5');
    // The order is fetched again after the failed save, and once more by the query's one retry.
    const orderPath = `/api/v1/order/${order.data.id}`;
    let refusedOrderFetches = 0;
    const countRefused = (req: Request) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname === orderPath) refusedOrderFetches += 1;
    };
    page.on('requestfailed', countRefused);
    await unreachable();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Cannot reach the server. Check your connection and try again.').first().waitFor();
    // The order that could not be fetched again stays on screen, and the dialog with it.
    await expect.poll(() => refusedOrderFetches, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    page.off('requestfailed', countRefused);
    expect(await dialog.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('12.5');
    expect(await page.getByText(DEV_PAGE).count()).toBe(0);
    await screenshot('3-save-failed');
    await reachable();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('discounts-section').getByText('12.50 RON').first().waitFor();
  });
});
