import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { DEMO, launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * What a new user meets on the first screens: compression and caching, a phone sign-in,
 * keyboard use, focus in dialogs, plurals and dates in Romanian, a company change without stale
 * requests, search placeholders that fit.
 */
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(width: number, lang = 'en'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await page.addInitScript((l) => localStorage.getItem('language') ?? localStorage.setItem('language', l), lang);
  await signIn(page, server.baseUrl);
  // The first company is picked once the companies are in: wait for it before going elsewhere.
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  return page;
}

/** Width of the placeholder text against the room inside its input (both in CSS pixels). */
async function placeholderFits(
  page: Page,
  selector: string,
): Promise<{ text: string; text_px: number; room_px: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        text: input.placeholder,
        text_px: Math.ceil(ctx.measureText(input.placeholder).width),
        room_px: Math.floor(room),
      };
    });
}

describe('first use', () => {
  it('sends the app compressed: hashed assets cached for a year, index.html never', async () => {
    const page = await browser.newPage();
    const assets: Response[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/')) assets.push(r);
    });
    const doc = await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(doc?.headers()['cache-control']).toBe('no-store');
    const files = assets.filter((r) => /\.(js|css)$/.test(r.url()));
    expect(files.length).toBeGreaterThan(1);
    let compressed = 0;
    for (const r of files) {
      expect(r.headers()['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
      // Chromium asks for brotli on HTTPS and on localhost (this server); a plain-HTTP host gets gzip.
      if (r.headers()['content-encoding']) {
        expect(['br', 'gzip'], r.url()).toContain(r.headers()['content-encoding']);
        compressed++;
      }
    }
    // Every file above 1 KB (all but the smallest chunks) comes compressed.
    expect(compressed).toBeGreaterThanOrEqual(files.length - 3);
    await page.close();
  });

  it('on a phone: /products → sign in → /products, listed for the first company with the drawer closed', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.baseUrl}/products?search=bumbac`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/products?search=bumbac`);
    await page.getByText(/^Showing 1 to \d+ of \d+ results?$/).waitFor();
    expect(await page.getByText('Company ID not found').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0); // the drawer was never opened
    expect(await page.evaluate(() => localStorage.getItem('selectedCompanyId'))).not.toBeNull();
    // The actions stay on screen (pinned) and the pagination holds on one line.
    const edit = page.getByRole('button', { name: 'Edit' }).first();
    const box = await edit.boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'first-use-phone-products');
    const fits = await placeholderFits(page, 'input[type=search]');
    expect(fits.text_px, JSON.stringify(fits)).toBeLessThanOrEqual(fits.room_px);
    await page.close();
  });

  it('search placeholders fit on a phone and on a desktop, in both languages', async () => {
    for (const width of [390, 1440]) {
      const page = await signedInPage(width, 'ro');
      for (const path of [
        '/return-requests',
        '/products',
        '/companies',
        '/messages',
        '/packages',
        '/discounts',
        '/product-discounts',
      ]) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('input[type=search]').waitFor();
        const fits = await placeholderFits(page, 'input[type=search]');
        expect(fits.text_px, `${width} ${path} ${JSON.stringify(fits)}`).toBeLessThanOrEqual(fits.room_px);
      }
      await page.close();
    }
  });

  it('on a phone in Romanian: recent orders as cards on screen, product prices shown, the AWB form whole, a point without COD turns it off', async () => {
    const page = await signedInPage(390, 'ro');
    await page.goto(`${server.baseUrl}/`);
    const cards = page.getByTestId('recent-order-cards');
    await cards.locator('.mantine-Card-root').first().waitFor();
    // Each card (number, total, status and its button) sits inside the screen: nothing is clipped.
    for (const card of await cards.locator('.mantine-Card-root').all()) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const view = (await card.getByRole('link', { name: 'Vezi' }).boundingBox())!;
      expect(view.x + view.width).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'first-use-phone-dashboard');

    await page.goto(`${server.baseUrl}/products`);
    const price = page.locator('[data-testid^="phone-price-"]').first();
    await price.waitFor();
    expect(await price.textContent()).toMatch(/\d/);
    const priceBox = (await price.boundingBox())!;
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(390);

    // A courier to create an AWB with (the emulator's demo account), then the modal of a recent order.
    // The demo company has every courier set up (the demo seed): Cargus as the default courier is the
    // one the form opens with.
    await page.evaluate(async () => {
      const company = localStorage.getItem('selectedCompanyId');
      const call = (method: string, step: string, body?: unknown) =>
        fetch(`/api/v1/cargus/company/${company}/${step}`, {
          method,
          headers: {
            Authorization: `Bearer ${localStorage.getItem('token')}`,
            'X-Company-ID': String(company),
            'Content-Type': 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then((r) => r.json());
      await call('POST', 'login', { username: 'demo', password: 'demo', api_key: 'demo' });
      const points = (await call('GET', 'pickup-points')) as { data: { id: string }[] };
      await call('POST', 'pickup-points', { pickup_point_id: points.data[0].id });
      await fetch(`/api/v1/company/${company}/shipping`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'X-Company-ID': String(company),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ default_courier: 'cargus' }),
      }).then((r) => {
        if (!r.ok) throw new Error(`default courier: ${r.status}`);
      });
    });
    await page.goto(`${server.baseUrl}/`);
    await cards.getByRole('link', { name: 'Vezi' }).first().click();
    await page.getByRole('button', { name: 'Generează AWB' }).first().click();
    const form = page.getByTestId('awb-form');
    await form.waitFor();
    for (const input of await form.locator('input[placeholder]:visible, textarea[placeholder]:visible').all()) {
      const fits = await input.evaluate((el) => {
        const field = el as HTMLInputElement;
        const style = getComputedStyle(field);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          text: field.placeholder,
          text_px: Math.ceil(ctx.measureText(field.placeholder).width),
          room_px: Math.floor(field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
        };
      });
      expect(fits.text_px, JSON.stringify(fits)).toBeLessThanOrEqual(fits.room_px);
    }
    await screenshot(page, 'first-use-phone-awb-modal');

    // To a Ship & Go point that takes no cash on delivery: "collect the total" is turned off, and the form says why.
    const county = await page.evaluate(async () => {
      const company = String(localStorage.getItem('selectedCompanyId'));
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'X-Company-ID': company };
      for (const name of [
        'Cluj',
        'Iași',
        'Timiș',
        'Brașov',
        'Constanța',
        'Bihor',
        'Argeș',
        'Dolj',
        'Sibiu',
        'Prahova',
      ]) {
        const r = await fetch(`/api/v1/cargus/lockers?county=${encodeURIComponent(name)}`, { headers });
        const body = (await r.json()) as { data: { cash_on_delivery: boolean }[] };
        if (body.data.some((l) => !l.cash_on_delivery)) return name;
      }
      return null;
    });
    expect(county, 'a county with a point that takes no cash on delivery').not.toBeNull();
    await form.getByRole('radio', { name: 'Un locker sau punct de ridicare' }).check();
    const countyBox = form.getByRole('combobox', { name: /^Județul punctului/ });
    await countyBox.fill(county!);
    await page.getByRole('option', { name: county!, exact: true }).click();
    await form.getByText(/^\d+ puncte Cargus$/).waitFor();
    await form.getByRole('combobox', { name: /^Locker sau punct de ridicare/ }).click();
    await page
      .getByRole('option', { name: /\(fără ramburs\)/ })
      .first()
      .click();
    await form.getByText('Acest punct nu încasează ramburs: coletul pleacă fără.').waitFor();
    expect(await form.getByRole('radio', { name: /^Încasează/ }).isDisabled()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Fără ramburs (plătită)' }).isChecked()).toBe(true);
    for (const input of await form.locator('input[placeholder]:visible').all()) {
      const [text, room] = await input.evaluate((el) => {
        const field = el as HTMLInputElement;
        const style = getComputedStyle(field);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return [
          Math.ceil(ctx.measureText(field.placeholder).width),
          Math.floor(field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
        ];
      });
      expect(text).toBeLessThanOrEqual(room);
    }
    await screenshot(page, 'first-use-phone-awb-locker-no-cod');
    await page.close();
  });

  it('the keyboard reaches the Discounts group and its links', async () => {
    const page = await signedInPage(1366);
    const discounts = page.getByRole('button', { name: 'Discounts' });
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await discounts.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Order discounts' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Order discounts');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/discounts`);
    await page.close();
  });

  it('Add product focuses the name with no dropdown open; Esc closes it at once', async () => {
    const page = await signedInPage(1366);
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''),
      )
      .toMatch(/^Name/);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await screenshot(page, 'first-use-add-product-focus');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.close();
  });

  it('a delete confirmation focuses Cancel: Enter does not delete', async () => {
    const page = await signedInPage(1366);
    await page.goto(`${server.baseUrl}/sources`);
    await page.getByText(/^Showing 1 to 10 of \d+ results$/).waitFor();
    const before = await page.getByText(/^Showing 1 to 10 of \d+ results$/).textContent();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByText(/^Showing 1 to 10 of \d+ results$/).textContent()).toBe(before);
    await page.close();
  });

  it('counts in Romanian: "din 1 rezultat", "de rezultate" from 20; nothing counted under "No results found"', async () => {
    const page = await signedInPage(1366, 'ro');
    await page.goto(`${server.baseUrl}/products`);
    await page.getByText(/^Se afișează 1–10 din \d+ de rezultate$/).waitFor();
    const search = page.locator('input[type=search]');
    await search.fill('zzzz-nimic');
    await page.getByText('Nu s-au găsit rezultate').waitFor();
    expect(await page.getByText(/Se afișează/).count()).toBe(0);
    const sku = await page.evaluate(async () => {
      const res = await fetch('/api/v1/product?page=1&items=1', {
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'X-Company-ID': localStorage.getItem('selectedCompanyId') ?? '',
        },
      });
      return ((await res.json()) as { data: { sku: string }[] }).data[0].sku;
    });
    await search.fill(sku);
    await page.getByText(/^Se afișează 1–1 din 1 rezultat$/).waitFor();
    await screenshot(page, 'first-use-ro-one-result');
    await page.close();
  });

  it('return request dates read day.month in Romanian', async () => {
    const page = await signedInPage(1366, 'ro');
    await page.goto(`${server.baseUrl}/return-requests`);
    const cell = page
      .getByRole('row')
      .nth(1)
      .getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await cell.waitFor();
    await page.close();
  });

  it('changing the company sends no request of the old company and starts its lists on page 1', async () => {
    const page = await signedInPage(1366);
    await page.goto(`${server.baseUrl}/products?page=2`);
    await page.getByText(/^Showing 11 to 20 of \d+ results$/).waitFor();
    const seen: { url: string; company: string | undefined; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/'))
        seen.push({ url: r.url(), company: r.request().headers()['x-company-id'], status: r.status() });
    });
    const selector = page.getByRole('combobox', { name: 'Company' });
    const before = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
    await selector.click();
    await page
      .getByRole('option')
      .filter({ hasNotText: (await selector.inputValue()) || '\u0000' })
      .first()
      .click();
    await page.getByText(/^Showing 1 to 10 of \d+ results$/).waitFor();
    await page.waitForLoadState('networkidle');
    const after = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
    expect(after).not.toBe(before);
    expect(seen.filter((s) => s.status >= 400)).toEqual([]);
    expect(seen.filter((s) => s.company !== undefined && s.company !== after)).toEqual([]);
    expect(seen.filter((s) => s.url.includes('/api/v1/product?') && s.url.includes('page=2'))).toEqual([]);
    await page.close();
  });
});
