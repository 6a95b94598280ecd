import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot as rawScreenshot, type E2eServer } from './harness';

/**
 * SMS templates end to end: the seeded list, create with the company → source selects and the
 * live SMS counter (colour, parts, Unicode switch, replace diacritics), edit, status toggle,
 * delete, and the screen in Romanian.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

/** A screenshot once the modal's open/close transition has finished. */
async function screenshot(p: Page, name: string) {
  await rawScreenshot(p, name);
}

const counter = () => page.getByTestId('sms-counter');
const dialog = () => page.getByRole('dialog');

async function expectCounter(state: { colour: string; encoding: string; parts: number; length: number }) {
  const c = counter();
  await expect.poll(() => c.getAttribute('data-length')).toBe(String(state.length));
  expect(await c.getAttribute('data-colour')).toBe(state.colour);
  expect(await c.getAttribute('data-encoding')).toBe(state.encoding);
  expect(await c.getAttribute('data-parts')).toBe(String(state.parts));
}

async function pickOption(select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

const rowOf = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession());
});

afterAll(() => closeSession({ server, browser }));

describe('messages screen', () => {
  it('lists the seeded templates with company and source, two pages', async () => {
    await page.goto(`${server.baseUrl}/messages`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15000 }).toBeGreaterThan(10);
    await expect.poll(() => page.getByText(/Showing 1 to 10 of \d+ results/).count()).toBe(1);
    for (const header of ['From', 'Message text', 'Company', 'Source', 'Status']) {
      expect(await page.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
    }
    expect(await page.getByRole('cell', { name: 'Casa Verde Distribuție SRL' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('switch').count()).toBe(10);
    await screenshot(page, 'messages-01-list');
  });

  it("creates a template: it starts on the sidebar's company with its sources, the counter follows the text", async () => {
    await page.getByRole('button', { name: 'Add message' }).click();
    await dialog().waitFor();
    const save = dialog().getByRole('button', { name: 'Save' });
    const source = dialog().getByLabel('Source');
    // Like the other add dialogs: the sidebar's company is chosen, so its sources are offered at once.
    expect(await dialog().getByLabel('Company').inputValue()).toBe(
      await page.getByRole('combobox', { name: 'Company' }).first().inputValue(),
    );
    await expect.poll(() => source.isDisabled()).toBe(false);
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'messages-02-empty-form');

    await pickOption(dialog().getByLabel('Company'), 'Casa Verde Distribuție SRL');
    await expect.poll(() => source.isDisabled()).toBe(false);
    await pickOption(source, /.+/);
    await dialog().getByLabel('From').fill('CasaVerde');
    expect(await save.isDisabled()).toBe(true); // text still empty

    const text = dialog().getByLabel('Message text');
    await text.fill('Comanda a fost expediata.');
    await expectCounter({ colour: 'grey', encoding: 'GSM-7', parts: 1, length: 25 });
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, 'messages-03-counter-grey');

    // 120 characters = 75 % of 160: orange.
    await text.fill('Comanda a fost expediata. ' + 'x'.repeat(94));
    await expectCounter({ colour: 'orange', encoding: 'GSM-7', parts: 1, length: 120 });
    await screenshot(page, 'messages-04-counter-orange');

    // One diacritic typed: Unicode, 121 > 70 so two parts: red, with the replace button.
    await text.press('End');
    await text.pressSequentially('ș');
    await expectCounter({ colour: 'red', encoding: 'UCS-2', parts: 2, length: 121 });
    expect(await dialog().getByTestId('sms-unicode-badge').isVisible()).toBe(true);
    expect(
      await dialog()
        .getByText(/switch the message to Unicode/)
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'messages-05-counter-unicode-red');

    await dialog().getByRole('button', { name: 'Replace diacritics' }).click();
    await expectCounter({ colour: 'orange', encoding: 'GSM-7', parts: 1, length: 121 });
    expect(await dialog().getByTestId('sms-unicode-badge').count()).toBe(0);
    expect((await text.inputValue()).endsWith('xs')).toBe(true);

    // Past 160: two parts of 153, red. The counter counts the text as sent: `{awb}` as the sample
    // order's AWB it becomes (10 characters), not as its five.
    await text.pressSequentially(' {awb} ' + 'y'.repeat(40));
    await expectCounter({ colour: 'red', encoding: 'GSM-7', parts: 2, length: 121 + 12 + 40 });
    await screenshot(page, 'messages-06-counter-two-parts');

    // The real template: short, with diacritics, typed as a user would. {comanda} (the Romanian name
    // of {order_id}) counts as the sample order's number it becomes (10234: 5 characters).
    await text.fill('');
    await text.pressSequentially('Comanda {comanda} a fost livrată. Mulțumim!');
    await expectCounter({ colour: 'grey', encoding: 'UCS-2', parts: 1, length: 39 });
    await screenshot(page, 'messages-07-counter-unicode-grey');

    await save.click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => rowOf('Comanda {comanda} a fost livrată').count()).toBe(1);
    expect(await page.getByText(/Showing 1 to 10 of/).count()).toBe(1);
    await screenshot(page, 'messages-08-created');
  });

  it("refuses a bad sender with the shared rule's message under the field", async () => {
    await page.getByRole('button', { name: 'Add message' }).click();
    await pickOption(dialog().getByLabel('Company'), 'Casa Verde Distribuție SRL');
    const source = dialog().getByLabel('Source');
    await expect.poll(() => source.isDisabled()).toBe(false);
    await pickOption(source, /.+/);
    await dialog().getByLabel('From').fill('Casa Verde SRL');
    await dialog().getByLabel('Message text').fill('Test');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(/up to 11 letters and digits/)
          .count(),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'messages-09-bad-sender');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it("creates for another company of the user with that company's sources", async () => {
    const before = await page.getByText(/Showing 1 to 10 of \d+ results/).innerText();
    await page.getByRole('button', { name: 'Add message' }).click();
    await pickOption(dialog().getByLabel('Company'), 'Meșteșug Artizanal SRL');
    const source = dialog().getByLabel('Source');
    await expect.poll(() => source.isDisabled()).toBe(false);
    await source.click();
    await expect.poll(() => page.getByRole('option', { name: 'Atelier Iași' }).count()).toBe(1);
    expect(await page.getByRole('option', { name: 'Magazin fizic Cluj-Napoca' }).count()).toBe(0);
    expect(await page.getByRole('option', { name: 'Okazii.ro' }).count()).toBe(0); // inactive
    await page.getByRole('option', { name: 'Atelier Iași' }).click();
    await dialog().getByLabel('From').fill('MesterArt');
    await dialog().getByLabel('Message text').fill('Comanda {comanda} este gata de ridicare din atelier.');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(/added to Meșteșug Artizanal SRL/).count()).toBe(1);
    expect(await rowOf('gata de ridicare din atelier').count()).toBe(0);
    expect(await page.getByText(/Showing 1 to 10 of \d+ results/).innerText()).toBe(before);
  });

  it('edits from and text only', async () => {
    await rowOf('Comanda {comanda} a fost livrată').getByRole('button', { name: 'Edit' }).click();
    await dialog().waitFor();
    expect(await dialog().getByLabel('Company').getAttribute('readonly')).not.toBeNull();
    expect(await dialog().getByLabel('Source').getAttribute('readonly')).not.toBeNull();
    await dialog().getByLabel('From').fill('+40744123456');
    await dialog().getByLabel('Message text').fill('Comanda {comanda} a fost livrata. Multumim!');
    // Counted as sent: {comanda} becomes the sample order's number, so no brace (2 in GSM-7) is left.
    await expectCounter({ colour: 'grey', encoding: 'GSM-7', parts: 1, length: 39 });
    await screenshot(page, 'messages-10-edit');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => rowOf('a fost livrata. Multumim!').filter({ hasText: '+40744123456' }).count()).toBe(1);
  });

  it('toggles the status', async () => {
    // The edit modal of the previous step may still be fading out: its overlay would take the click.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = rowOf('a fost livrata. Multumim!');
    const sw = row.getByRole('switch');
    expect(await sw.isChecked()).toBe(true);
    await sw.click();
    await expect.poll(() => row.getByText('Inactive').count()).toBe(1);
    await page.reload();
    await expect
      .poll(() => rowOf('a fost livrata. Multumim!').getByRole('switch').isChecked(), { timeout: 15000 })
      .toBe(false);
    await screenshot(page, 'messages-11-toggled');
    await rowOf('a fost livrata. Multumim!').getByRole('switch').click();
    await expect.poll(() => rowOf('a fost livrata. Multumim!').getByText('Active', { exact: true }).count()).toBe(1);
  });

  it('deletes after confirmation', async () => {
    await rowOf('a fost livrata. Multumim!').getByRole('button', { name: 'Delete' }).click();
    await dialog().waitFor();
    await screenshot(page, 'messages-12-confirm-delete');
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowOf('a fost livrata. Multumim!').count()).toBe(0);
  });

  it('speaks Romanian', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await page.reload();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Textul mesajului' }).count(), { timeout: 15000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Adaugă mesaj' }).click();
    await dialog().waitFor();
    await dialog().getByLabel('Textul mesajului').fill('Vă mulțumim!');
    await expect.poll(() => dialog().getByRole('button', { name: 'Înlocuiește diacriticele' }).count()).toBe(1);
    expect(await dialog().getByText('Caractere: 12 / 70 · 1 SMS').count()).toBe(1);
    await screenshot(page, 'messages-13-romanian');
    await dialog().getByRole('button', { name: 'Anulează' }).click();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
