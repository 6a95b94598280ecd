import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { undeliverable } from '../src/server/emulators/vonage';
import { closeSession, openSignedInSession, screenshot, type E2eSession, callApi } from './harness';

/**
 * An SMS sent by hand from the order detail, against the Vonage emulator in the app: Vonage set up
 * with its demo account, a "by hand" template with placeholders, a new order; Send SMS, pick the
 * template, the counter counts the text as the customer gets it (the name's ț makes it Unicode)
 * and the dialog says that Vonage is emulated, send, and the SMS shows in the order's SMS list as sent, then delivered when the emulator's
 * receipt comes. Screenshots: artifacts/screenshots/sms-*.
 */
let session: E2eSession;
let page: Page;

const ok = <T>(method: string, url: string, body?: unknown) => callApi<T>(page, method, url, body);

beforeAll(async () => {
  session = await openSignedInSession({ width: 1440, height: 1000 });
  page = session.page;
  page.setDefaultTimeout(15000);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
});
afterAll(() => closeSession(session));

describe('SMS from the order detail', () => {
  it('sends a template with the counter and sees it delivered in the order’s SMS', async () => {
    const companyId = Number(await page.evaluate(() => localStorage.getItem('selectedCompanyId')));
    await ok('POST', `/api/v1/vonage/company/${companyId}/login`, {
      api_key: 'demo',
      api_secret: 'demo',
      phone_number: 'DemoShop',
    });
    const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
    await ok('POST', '/api/v1/message', {
      company_id: companyId,
      source_id: sources.data[0].id,
      from: 'DemoShop',
      text: 'Salut {customer_name}, comanda {order_id} ({total} lei) a fost confirmata. Multumim!',
      event: 'manual',
    });
    const products = await ok<{ data: { sku: string; stock: number | null; variations?: unknown[] }[] }>(
      'GET',
      '/api/v1/product?page=1&items=50',
    );
    const product = products.data.find((p) => !p.variations?.length && (p.stock ?? 0) > 2)!;
    // A number the emulator's handsets take (one in eight is refused, by a hash of the number).
    let n = 744555100;
    while (undeliverable(`40${n}`)) n += 1;
    const order = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
      name: 'Ionuț Mărgineanu',
      phone_number: `0${n}`,
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12',
      source: sources.data[0].id,
      products: { [product.sku]: 1 },
    });
    const id = order.data.id;

    await page.goto(`${session.server.baseUrl}/orders/${id}`);
    const section = page.getByTestId('sms-section');
    await section.getByText('No SMS sent for this order yet.').waitFor();
    await section.getByRole('button', { name: 'Send SMS' }).click();
    const dialog = page.getByRole('dialog');
    // Vonage runs on the built-in emulator here, and the dialog says so.
    expect(await dialog.getByTestId('sms-emulated').textContent()).toBe(
      'Vonage runs on the built-in emulator: no SMS reaches a phone.',
    );
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: /^DemoShop: Salut \{customer_name\}/ }).click();
    const rendered = dialog.getByTestId('sms-rendered');
    await expect.poll(() => rendered.textContent()).toContain(`Salut Ionuț Mărgineanu, comanda ${id} (`);
    // The template is GSM-7; the customer's name makes the message Unicode, and the counter says so.
    const counter = dialog.getByTestId('sms-counter');
    expect(await counter.getAttribute('data-encoding')).toBe('UCS-2');
    expect(await counter.getAttribute('data-parts')).toBe('2');
    await screenshot(page, 'sms-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const item = section.getByTestId('sms-item').first();
    await item.waitFor();
    expect(await item.textContent()).toContain(`Salut Ionuț Mărgineanu, comanda ${id}`);
    expect(await item.textContent()).toContain('2 parts');
    // The emulator's receipts come a couple of seconds later; the list is fetched again until then.
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 20000 }).toBe('delivered');
    expect(await item.getByTestId('sms-status').textContent()).toBe('Delivered');
    await page.getByTestId('history-section').getByText('SMS sent').waitFor();
    await screenshot(page, 'sms-delivered');
  });
});
