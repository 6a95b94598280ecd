import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, closeSession, openSignedInSession, screenshot as rawScreenshot, type E2eServer } from './harness';

/**
 * The Integrations screen end to end, against the emulators mounted in the app (PROVIDERS=emulated,
 * the default): every wizard with the emulator's demo account, the spec's messages, a refused login,
 * the partially configured state, enable / disable, test, delete, and the screen in Romanian.
 * The demo company arrives with its couriers and SmartBill set up (the demo seed); they are removed
 * first, so every wizard is walked from the start.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

async function screenshot(p: Page, name: string) {
  await rawScreenshot(p, `integrations-${name}`);
}

const dialog = () => page.getByRole('dialog');
const available = (key: string) => page.getByTestId(`available-${key}`);
const configured = (key: string) => page.getByTestId(`configured-${key}`);
const tab = (name: RegExp) => page.getByRole('tab', { name });
/** A text or password input of the open dialog, by its exact accessible name. */
const field = (name: string) => dialog().getByRole('textbox', { name, exact: true });

async function pick(select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits until no dialog is open (the closing transition included). */
async function dialogGone() {
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function dismissToasts() {
  for (const close of await page.locator('.mantine-Notification-root button').all())
    await close.click().catch(() => {});
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession());
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
});

afterAll(() => closeSession({ server, browser }));

describe('integrations screen', () => {
  it('the demo company arrives with every courier and SmartBill set up; removing them empties the tabs', async () => {
    await page.goto(`${server.baseUrl}/integrations`);
    await configured('cargus').waitFor({ timeout: 15000 });
    expect(await tab(/Courier/).textContent()).toContain('4/4');
    expect(await tab(/Invoice/).textContent()).toContain('1/1');
    expect(await tab(/Messaging/).textContent()).toContain('0/3');
    const setUps = await callApi<{ data: { id: number }[] }>(page, 'GET', '/api/v1/company-integration');
    for (const s of setUps.data) await callApi(page, 'DELETE', `/api/v1/company-integration/${s.id}`);
    await page.reload();
    await available('cargus').waitFor({ timeout: 15000 });
    expect(await tab(/Courier/).textContent()).toContain('0/4');
  });

  it('shows three tabs with configured/available counts and the emulated mark', async () => {
    await page.goto(`${server.baseUrl}/integrations`);
    await available('cargus').waitFor({ timeout: 15000 });
    expect(await tab(/Courier/).textContent()).toContain('0/4');
    expect(await tab(/Invoice/).textContent()).toContain('0/1');
    expect(await tab(/Messaging/).textContent()).toContain('0/3');
    for (const key of ['cargus', 'sameday', 'dpd']) {
      expect(await available(key).getByText('Courier', { exact: true }).count(), key).toBe(1);
      expect(await available(key).getByTestId('emulated-badge').count(), key).toBe(1);
      expect(await available(key).getByRole('button', { name: 'Setup' }).count(), key).toBe(1);
    }
    expect(await page.getByText('No integration of this kind is configured yet.').count()).toBe(1);
    await screenshot(page, '01-courier-tab');
  });

  it('Cargus: fill all fields, a refused login, the demo account, then the pickup point (2 steps)', async () => {
    await available('cargus').getByRole('button', { name: 'Setup' }).click();
    await dialog().waitFor();
    expect(await dialog().getByText('Set up Cargus').count()).toBe(1);
    expect(await dialog().getByTestId('emulated-badge').count()).toBe(1);
    expect(await dialog().getByTestId('demo-account').textContent()).toMatch(/demo/);
    await dialog().getByRole('button', { name: 'Next' }).click();
    expect(await dialog().getByText('Please fill all fields').count()).toBe(1);
    await screenshot(page, '02-cargus-fill-all-fields');

    // Credentials the emulator refuses: the provider's reason, and the wizard stays on step 1.
    // By role and exact name: "Password" is also in the demo account's note and in the two
    // "Toggle password visibility" buttons; a label's text carries the required mark " *".
    await field('Username').fill('demo');
    await field('Password').fill('wrong-password');
    await field('API key (subscription key)').fill('demo');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog()
      .getByText(/Cargus did not accept these credentials/)
      .waitFor();
    await screenshot(page, '03-cargus-refused');

    await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    const point = dialog().getByRole('combobox', { name: 'Pickup point' });
    await point.waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect(await dialog().getByText('Please select a pickup point').count()).toBe(1);
    await pick(point, /./);
    // Choosing the chosen option again keeps it (a required select must not empty itself).
    const chosen = await point.inputValue();
    await pick(point, chosen);
    expect(await point.inputValue()).toBe(chosen);
    await screenshot(page, '04-cargus-pickup-point');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialogGone();
    await configured('cargus').waitFor();
    expect(await configured('cargus').getByText('Active', { exact: true }).count()).toBe(1);
    expect(
      await configured('cargus')
        .getByText(/Pickup point:/)
        .count(),
    ).toBe(1);
    expect(await tab(/Courier/).textContent()).toContain('1/4');
    await screenshot(page, '05-cargus-configured');
  });

  it('Sameday: pickup point and contact person, with "select contact person"', async () => {
    await dismissToasts();
    await available('sameday').getByRole('button', { name: 'Setup' }).click();
    await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    const point = dialog().getByRole('combobox', { name: 'Pickup point' });
    await point.waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    expect(await dialog().getByText('Please select a pickup point').count()).toBe(1);
    expect(await dialog().getByText('Please select a contact person').count()).toBe(1);
    await screenshot(page, '06-sameday-messages');
    // The company's own emulated account: one pickup point at its seat, its administrator as contact.
    await pick(point, /^Sediu Cluj-Napoca/);
    // Choosing a point proposes its default contact person.
    const person = dialog().getByRole('combobox', { name: 'Contact person' });
    await expect.poll(() => person.inputValue()).toMatch(/^Andreea Popescu/);
    expect(await dialog().getByText('Please select a contact person').count()).toBe(0);
    await screenshot(page, '07-sameday-contact-person');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialogGone();
    await configured('sameday')
      .getByText(/Contact person: Andreea Popescu/)
      .waitFor();
  });

  it('DPD: a login alone is partially configured; Complete configuration opens step 2', async () => {
    await dismissToasts();
    await available('dpd').getByRole('button', { name: 'Setup' }).click();
    await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('combobox', { name: 'Pickup point' }).waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialogGone();
    await available('dpd').getByText('Partially configured').waitFor();
    await screenshot(page, '08-dpd-partial');
    await available('dpd').getByRole('button', { name: 'Complete configuration' }).click();
    const point = dialog().getByRole('combobox', { name: 'Pickup point' });
    await point.waitFor();
    await pick(point, /./);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialogGone();
    await configured('dpd').waitFor();
    expect(await tab(/Courier/).textContent()).toContain('3/4');
    // FAN Courier is the one left to set up.
    await available('fan').waitFor();
    expect(await page.getByText('Every integration of this kind is configured.').count()).toBe(0);
  });

  it('SmartBill: login, series, VAT rate (3 steps); saving closes the dialog', async () => {
    await dismissToasts();
    await tab(/Invoice/).click();
    await available('smartbill').getByRole('button', { name: 'Setup' }).click();
    await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    const series = dialog().getByRole('combobox', { name: 'Invoice series' });
    await series.waitFor();
    await dialog().getByRole('button', { name: 'Next' }).click();
    expect(await dialog().getByText('Please select a series').count()).toBe(1);
    await pick(series, /./);
    await screenshot(page, '09-smartbill-series');
    await dialog().getByRole('button', { name: 'Next' }).click();
    const vat = dialog().getByRole('combobox', { name: 'VAT rate' });
    await vat.waitFor();
    await pick(vat, /%/);
    await screenshot(page, '10-smartbill-vat');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialogGone();
    await configured('smartbill')
      .getByText(/Series:/)
      .waitFor();
    expect(await configured('smartbill').getByText(/VAT:/).count()).toBe(1);
    expect(await tab(/Invoice/).textContent()).toContain('1/1');
  });

  it('Vonage and Telegram: one step each; the sms gateway cannot be set up yet', async () => {
    await dismissToasts();
    await tab(/Messaging/).click();
    expect(await available('sms').getByRole('button', { name: 'Not available yet' }).isDisabled()).toBe(true);
    for (const key of ['vonage', 'telegram']) {
      await available(key).getByRole('button', { name: 'Setup' }).click();
      await dialog().waitFor();
      expect(await dialog().getByRole('tab').count()).toBe(0);
      await dialog().getByRole('button', { name: 'Save' }).click();
      expect(await dialog().getByText('Please fill all fields').count()).toBe(1);
      await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
      if (key === 'vonage') await screenshot(page, '11-vonage');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialogGone();
      await configured(key).waitFor();
    }
    expect(await tab(/Messaging/).textContent()).toContain('2/3');
    await screenshot(page, '12-messaging-configured');
  });

  it('disables and enables, tests the connection, deletes after confirmation', async () => {
    await dismissToasts();
    const card = configured('vonage');
    await card.getByRole('button', { name: 'Disable' }).click();
    await card.getByText('Inactive', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable' }).click();
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Vonage accepted the saved credentials.').waitFor();
    await card.getByRole('button', { name: /Delete/ }).click();
    await dialog()
      .getByText(/Delete the Vonage integration/)
      .waitFor();
    await screenshot(page, '13-delete-confirmation');
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await dialogGone();
    await available('vonage').getByRole('button', { name: 'Setup' }).waitFor();
    expect(await tab(/Messaging/).textContent()).toContain('1/3');
  });

  it('reads in Romanian', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await page.goto(`${server.baseUrl}/integrations?tab=messaging`);
    await page.getByRole('tab', { name: /Mesagerie/ }).waitFor();
    expect(await page.getByText('Integrări disponibile').count()).toBe(1);
    expect(await page.getByText('Integrări configurate').count()).toBe(1);
    await available('vonage').getByRole('button', { name: 'Configurează' }).click();
    await dialog().getByText('Furnizor emulat: folosiți contul demo').waitFor();
    await dialog().getByRole('button', { name: 'Salvează' }).click();
    expect(await dialog().getByText('Vă rugăm să completați toate câmpurile').count()).toBe(1);
    await screenshot(page, '14-romanian');
    await dialog().getByRole('button', { name: 'Anulează' }).click();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
