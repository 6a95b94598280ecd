import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  closeSession,
  openSignedInSession,
  screenshot as rawScreenshot,
  type E2eSession,
  callApi,
  untilStill,
} from './harness';

/**
 * The order page and the orders list as a user meets them. Every dialog of the order page opens every time: on a new order (no AWB, no invoice) each one is
 * opened and closed three times, by a click and closed with Escape, by the keyboard (Enter on its
 * button) and closed with Back, by a click and closed with its own button, then opened by its URL
 * (?action=…) and closed, and opened by a click once more. The dialogs without a URL (remove a
 * line, delete a discount) the same way, by click and keyboard. Then the ones of a flagged customer
 * (Remove flag) and of a cancelled order (Restore). A dialog closed by its own Save opens again: two
 * products and two discounts added one after the other in one page load. At 1366 and 1440 px, in English and Romanian: a
 * line priced in euros keeps its quantity and remove buttons in view, the list's badges are whole,
 * and Add product's search that matches nothing says so. Every notification opens what it names.
 * Screenshots: artifacts/screenshots/order-page-*.
 */
let session: E2eSession;
let page: Page;

const ok = <T>(method: string, url: string, body?: unknown) => callApi<T>(page, method, url, body);

const search = () => new URL(page.url()).searchParams;

interface UrlDialog {
  /** The ?action= name. */
  action: string;
  opener: () => Locator;
  title: string | RegExp;
  /** The dialog's own button that closes it without doing anything. */
  dismiss: string;
}

const dialog = () => page.getByRole('dialog');

async function expectOpen(title: string | RegExp, step = 'open') {
  try {
    await dialog().getByRole('heading', { name: title }).waitFor();
  } catch (e) {
    await rawScreenshot(page, `order-page-FAILED-${step}`);
    throw new Error(`${step}: the dialog "${String(title)}" did not open (${page.url()})`, { cause: e });
  }
}
async function expectClosed() {
  await expect.poll(() => dialog().count()).toBe(0);
  expect(search().get('action')).toBeNull();
}

/** Three openings (click, keyboard, click) and three closings (Escape, Back, its button), then its URL, then a click again. */
async function cycle(d: UrlDialog, orderUrl: string) {
  for (let round = 1; round <= 3; round++) {
    if (round === 2) {
      await d.opener().focus();
      await page.keyboard.press('Enter');
    } else await d.opener().click();
    await expectOpen(d.title, `${d.action}-${round}`);
    expect(search().get('action'), `round ${round} of ${d.action}`).toBe(d.action);
    if (round === 1) await page.keyboard.press('Escape');
    else if (round === 2) await page.goBack();
    else await dialog().getByRole('button', { name: d.dismiss, exact: true }).click();
    await expectClosed();
    expect(new URL(page.url()).pathname).toBe(new URL(orderUrl).pathname);
  }
  await page.goto(`${orderUrl}?action=${d.action}`);
  await expectOpen(d.title);
  await page.keyboard.press('Escape');
  await expectClosed();
  await d.opener().click();
  await expectOpen(d.title);
  await page.keyboard.press('Escape');
  await expectClosed();
}

beforeAll(async () => {
  session = await openSignedInSession({ width: 1366, height: 900 });
  page = session.page;
  page.setDefaultTimeout(15000);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
});
afterAll(() => closeSession(session));

describe('the dialogs of the order page', () => {
  it('each opens and closes three times, by click, keyboard and URL, and Back closes it', async () => {
    const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
    const products = await ok<{ data: { sku: string; name: string; stock: number | null; variations?: unknown[] }[] }>(
      'GET',
      '/api/v1/product?page=1&items=100',
    );
    const product = products.data.find((p) => !p.variations?.length && (p.stock ?? 0) > 5)!;
    const order = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
      name: 'Dialoguri Deschise',
      phone_number: '0744 555 321',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12',
      source: sources.data[0].id,
      products: { [product.sku]: 2 },
    });
    const id = order.data.id;
    await ok('POST', `/api/v1/applied-discount/${id}/add`, { type: 'amount', value: 5, order_product_id: null });
    const orderUrl = `${session.server.baseUrl}/orders/${id}`;
    await page.goto(orderUrl);
    await page.getByTestId('summary-total').waitFor();
    await rawScreenshot(page, 'order-page-1-page');

    const byName = (name: string) => () => page.getByRole('button', { name, exact: true });
    const dialogs: UrlDialog[] = [
      { action: 'add-product', opener: byName('Add product'), title: 'Add a product to the order', dismiss: 'Cancel' },
      { action: 'add-discount', opener: byName('Add discount'), title: 'Add a discount', dismiss: 'Cancel' },
      { action: 'flag', opener: byName('Flag customer'), title: 'Flag customer', dismiss: 'Cancel' },
      { action: 'cancel', opener: byName('Cancel order'), title: `Cancel order #${id}?`, dismiss: 'Back' },
      { action: 'sms', opener: byName('Send SMS'), title: 'Send an SMS to the customer', dismiss: 'Cancel' },
      { action: 'awb', opener: byName('Create AWB'), title: `Create AWB for order #${id}`, dismiss: 'Cancel' },
    ];
    for (const d of dialogs) await cycle(d, orderUrl);

    // The confirmations without a URL of their own: remove a line, delete a discount.
    const local = [
      { opener: () => page.getByRole('button', { name: `Remove ${product.name}` }), title: 'Remove the product?' },
      {
        opener: () => page.getByRole('button', { name: 'Delete this discount' }).first(),
        title: 'Delete the discount?',
      },
    ];
    for (const d of local)
      for (let round = 1; round <= 3; round++) {
        if (round === 2) {
          await d.opener().focus();
          await page.keyboard.press('Enter');
        } else await d.opener().click();
        await expectOpen(d.title);
        if (round === 3) await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
        else await page.keyboard.press('Escape');
        await expect.poll(() => dialog().count()).toBe(0);
      }

    // A customer this company flagged: Remove flag. A cancelled order: Restore.
    await byName('Flag customer')().click();
    await dialog().getByRole('textbox', { name: 'Reason' }).fill('Refused the parcel');
    await dialog().getByRole('button', { name: 'Flag', exact: true }).click();
    await expectClosed();
    await cycle(
      { action: 'unflag', opener: byName('Remove flag'), title: 'Remove your flag?', dismiss: 'Cancel' },
      orderUrl,
    );
    await byName('Cancel order')().click();
    await dialog().getByRole('button', { name: 'Cancel the order' }).click();
    await expectClosed();
    await byName('Restore order')().waitFor();
    await cycle(
      { action: 'restore', opener: byName('Restore order'), title: `Restore order #${id}?`, dismiss: 'Back' },
      orderUrl,
    );
    await rawScreenshot(page, 'order-page-2-after');
  }, 240_000);

  it('a dialog closed by its Save opens again: two products and two discounts added one after the other, without a reload', async () => {
    const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
    const products = await ok<{ data: ProductRow[] }>('GET', '/api/v1/product?page=1&items=100');
    const [first, second, third] = products.data.filter((p) => !p.variations?.length && (p.stock ?? 0) > 5);
    const order = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
      name: 'Salvări Repetate',
      phone_number: '0744 555 322',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '14',
      source: sources.data[0].id,
      products: { [first.sku]: 1 },
    });
    const id = order.data.id;
    const orderUrl = `${session.server.baseUrl}/orders/${id}`;
    await page.goto(orderUrl);
    await page.getByTestId('summary-total').waitFor();
    // A reload or a full navigation drops the mark.
    await page.evaluate(() => ((window as unknown as { __sameLoad?: boolean }).__sameLoad = true));
    const lines = async () =>
      (
        await ok<{ data: { order_products: { product: { sku: string } }[] } }>('GET', `/api/v1/order/${id}`)
      ).data.order_products.map((l) => l.product.sku);

    for (const p of [second, third]) {
      await page.getByRole('button', { name: 'Add product', exact: true }).click();
      await expectOpen('Add a product to the order', `add-product-save-${p.sku}`);
      expect(search().get('action')).toBe('add-product');
      const box = dialog().getByRole('combobox');
      await box.click();
      await box.fill(p.sku);
      await page
        .getByRole('option')
        .filter({ hasText: `(${p.sku})` })
        .first()
        .click();
      await dialog().getByRole('button', { name: 'Save', exact: true }).click();
      await expectClosed();
      await expect.poll(lines).toContain(p.sku);
    }
    expect(await lines()).toEqual([first.sku, second.sku, third.sku]);

    for (const value of ['3', '4']) {
      await page.getByRole('button', { name: 'Add discount', exact: true }).click();
      await expectOpen('Add a discount', `add-discount-save-${value}`);
      expect(search().get('action')).toBe('add-discount');
      await dialog().getByRole('textbox', { name: 'Value' }).fill(value);
      await dialog().getByRole('button', { name: 'Save', exact: true }).click();
      await expectClosed();
    }
    const discounts = (
      await ok<{ data: { applied_discounts: { kind: string; value: number | null }[] } }>('GET', `/api/v1/order/${id}`)
    ).data.applied_discounts.filter((d) => d.kind === 'manual');
    expect(discounts.map((d) => d.value)).toEqual([3, 4]);
    await page.getByTestId('discounts-section').getByText('4.00 RON').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    await rawScreenshot(page, 'order-page-2b-saved-twice');
  }, 120_000);
});

interface ProductRow {
  sku: string;
  name: string;
  currency: string;
  stock: number | null;
  variations?: unknown[];
}

const SIZES = [
  { lang: 'en', width: 1366 },
  { lang: 'en', width: 1440 },
  { lang: 'ro', width: 1366 },
  { lang: 'ro', width: 1440 },
] as const;

describe('the order page and the list at 1366 and 1440 px, in both languages', () => {
  it('a line priced in euros keeps its quantity and remove buttons in view; the list badges are whole', async () => {
    const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
    const products = await ok<{ data: ProductRow[] }>('GET', '/api/v1/product?page=1&items=100');
    const simple = products.data.filter((p) => !p.variations?.length && (p.stock ?? 0) > 3);
    const eur = simple.find((p) => p.currency === 'EUR')!;
    const ron = simple.find((p) => p.currency !== 'EUR')!;
    expect(eur, 'a demo product priced in euros').toBeTruthy();
    const order = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
      name: 'Client Conversie Euro Cu Nume Lung',
      phone_number: '0744 555 999',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12',
      source: sources.data[0].id,
      products: { [eur.sku]: 1, [ron.sku]: 2 },
    });
    for (const { lang, width } of SIZES) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${session.server.baseUrl}/orders/${order.data.id}`);
      await page.getByTestId('line-conversion').waitFor();
      const section = page.getByTestId('products-section');
      const box = (await section.boundingBox())!;
      // Every line's − / + and remove button are inside the section, with no sideways scroll.
      const buttons = await section.locator('tbody button').all();
      expect(buttons).toHaveLength(6);
      for (const button of buttons) {
        const b = (await button.boundingBox())!;
        expect(b.x + b.width, `${lang} ${width}: a line's button out of view`).toBeLessThanOrEqual(box.x + box.width);
      }
      const overflow = await section.evaluate((el) => {
        const scroller = el.querySelector(
          '.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer',
        ) as HTMLElement | null;
        return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
      });
      expect(overflow, `${lang} ${width}: the products table scrolls sideways`).toBeLessThanOrEqual(1);
      await rawScreenshot(page, `order-page-3-eur-line-${lang}-${width}`);

      await page.goto(`${session.server.baseUrl}/orders`);
      await page.locator('tbody tr').first().waitFor();
      // Widths are read once the fonts are in and nothing moves.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await untilStill(page);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('tbody .mantine-Badge-label')]
          .filter((l) => (l as HTMLElement).scrollWidth > (l as HTMLElement).clientWidth + 1)
          .map((l) => l.textContent),
      );
      expect(cut, `${lang} ${width}: badges cut in the list`).toEqual([]);
      await rawScreenshot(page, `order-page-4-list-${lang}-${width}`);
    }
  }, 180_000);

  it('Add product: a search that matches nothing says so (both languages)', async () => {
    const orders = await ok<{ data: { id: number }[] }>('GET', '/api/v1/order?page=1&items=1&status=new');
    for (const [lang, text] of [
      ['en', 'No product matches “zzqqxx”.'],
      ['ro', 'Niciun produs nu se potrivește cu „zzqqxx”.'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${session.server.baseUrl}/orders/${orders.data[0].id}?action=add-product`);
      const box = dialog().getByRole('combobox');
      await box.click();
      await box.fill('zzqqxx');
      await page.getByText(text).waitFor();
      expect(
        await page.getByText(/This company has no products yet|Această companie nu are încă produse/).count(),
      ).toBe(0);
      await rawScreenshot(page, `order-page-5-no-match-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }, 60_000);
});

describe('notifications', () => {
  it('each one opens what it names', async () => {
    const answer = await ok<{ data: { id: number; title: string; link?: string | null; order_id: number | null }[] }>(
      'GET',
      '/api/v1/notifications?page=1&items=50',
    );
    const linked = answer.data
      .map((n) => ({ ...n, to: n.link ?? (n.order_id ? `/orders/${n.order_id}` : null) }))
      .filter((n) => n.to !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const n of linked) {
      await page.goto(`${session.server.baseUrl}/notifications?items=50`);
      await page.getByTestId('notification-link').first().waitFor();
      await page.getByTestId('notification-link').filter({ hasText: n.title }).first().click();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(n.to);
      expect(await page.getByTestId('route-error').count()).toBe(0);
    }
  }, 120_000);
});
