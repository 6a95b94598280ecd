import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot, type E2eServer } from './harness';

/**
 * The shared address picker in a real browser, on the courier location page (/sameday-location),
 * with the shipped address data: Cluj-Napoca by keyboard alone down to the postal code of a number,
 * Bucharest's lazy street search, and the data notice from the sidebar's version.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

const box = (name: RegExp) => page.getByRole('combobox', { name });
const postalCode = () => page.getByRole('textbox', { name: /^(Postal code|Cod poștal)/ });

/** Types into the focused select, then moves down the options with the arrow key to the one wanted and takes it with Enter. */
async function typeAndPick(text: string, option: string) {
  await page.keyboard.type(text, { delay: 20 });
  await page.getByRole('option', { name: option, exact: true }).first().waitFor({ timeout: 10000 });
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowDown');
    if ((await highlighted.count()) && (await highlighted.textContent()) === option) break;
  }
  expect(await highlighted.textContent()).toBe(option);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession());
});
afterAll(() => closeSession({ server, browser }));

describe('address picker', () => {
  it('Cluj-Napoca with the keyboard alone: county, city, street, number, then the postal code filled and read-only', async () => {
    await page.goto(`${server.baseUrl}/sameday-location`);
    await box(/^County/).focus();
    await typeAndPick('cluj', 'Cluj');
    // Each choice moves the focus to the next part.
    await expect.poll(() => box(/^City/).evaluate((el) => el === document.activeElement)).toBe(true);
    await typeAndPick('cluj nap', 'Cluj-Napoca');
    await expect.poll(() => box(/^Street/).evaluate((el) => el === document.activeElement)).toBe(true);
    await typeAndPick('zorilor', 'Strada Zorilor');
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Number/ }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type('29');
    await expect.poll(() => postalCode().inputValue()).toBe('400351');
    expect(await postalCode().getAttribute('readonly')).not.toBeNull();
    await expect
      .poll(() => page.getByTestId('address-line').textContent())
      .toContain('Strada Zorilor 29, Cluj-Napoca, Cluj, 400351');
    await screenshot(page, 'address-cluj-napoca');
    // The even side of the street has its own ranges: 44 is in 2–44.
    await page.getByRole('textbox', { name: /^Number/ }).fill('44');
    await expect.poll(() => postalCode().inputValue()).toBe('400335');
  });

  it('Bucharest: the street search waits for 3 letters, then lists at most 50 streets', async () => {
    await page.goto(`${server.baseUrl}/sameday-location`);
    await box(/^County/).focus();
    await typeAndPick('bucur', 'București');
    await typeAndPick('buc', 'București');
    await page.keyboard.type('vi');
    await page.getByText('Type at least 3 letters').waitFor();
    await page.keyboard.type('c');
    await page.getByRole('option', { name: 'Calea Victoriei' }).waitFor({ timeout: 10000 });
    // Streets whose own name starts with the letters come first.
    const options = await page.getByRole('option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['Aleea Vicina', 'Strada Vicina']);
    expect(options).toContain('Calea Victoriei');
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(50);
    await screenshot(page, 'address-bucharest-lazy');
    await page.getByRole('option', { name: 'Calea Victoriei' }).click();
    await page.getByRole('textbox', { name: /^Number/ }).fill('12A');
    // Digits only: the letter is not taken.
    expect(await page.getByRole('textbox', { name: /^Number/ }).inputValue()).toBe('12');
    // Calea Victoriei crosses sectors: 12 is in sector 3, 120 in sector 1 (the code's prefix).
    await expect.poll(() => postalCode().inputValue()).toBe('030026');
    await page.getByRole('textbox', { name: /^Number/ }).fill('120');
    await expect.poll(() => postalCode().inputValue()).toBe('010093');
  });

  it("a village has no street list: the street is typed and the postal code is the village's", async () => {
    await page.goto(`${server.baseUrl}/sameday-location`);
    await box(/^County/).focus();
    await typeAndPick('arges', 'Argeș');
    await typeAndPick('lazaresti', 'Lăzărești (Schitu Golești)');
    await expect.poll(() => postalCode().inputValue()).toBe('117653');
    await page.getByRole('textbox', { name: /^Street/ }).fill('Principală');
    await expect
      .poll(() => page.getByTestId('address-line').textContent())
      .toContain('Principală, Lăzărești, Argeș, 117653');
  });

  it('the version in the sidebar opens the About dialog with the data notice, in both languages', async () => {
    await page.getByRole('button', { name: 'About this app and its data' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('data-notice').textContent())
      .toContain('Open Government Licence v1.0 (OGL-ROU-1.0)');
    expect(await dialog.getByTestId('data-notice').textContent()).toContain('SIRUTA 2025 S1');
    await screenshot(page, 'address-about');
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await page.goto(`${server.baseUrl}/sameday-location`);
    await page.getByRole('heading', { name: 'Căutare adresă' }).waitFor();
    await page.getByRole('button', { name: 'Despre aplicație și datele ei' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByTestId('data-notice').textContent())
      .toContain('Licenței pentru Guvernare Deschisă v1.0');
    await page.keyboard.press('Escape');
    expect(await box(/^Județ/).count()).toBe(1);
  });
});
