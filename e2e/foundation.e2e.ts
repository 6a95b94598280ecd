import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isValidCui } from '../src/core/cui';
import { DEMO, launchBrowser, requestApi, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * The web foundation end to end: sign-in and guards, company selector, the shared list page on the
 * companies screen (create / edit / search / delete across pages), notifications, Romanian, sign-out
 * and the mobile sidebar.
 */
let server: E2eServer;
let browser: Browser;

/** A tax id that passes the control digit, derived from a seed number. */
function validCui(seed: number): string {
  for (let n = seed * 10; ; n++) if (isValidCui(String(n))) return String(n);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever each answer holds
const apiCall = (page: Page, method: string, path: string, body?: unknown) => requestApi<any>(page, method, path, body);

const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('web foundation', () => {
  it('guards routes and shows the login errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
    await page.goto(`${server.baseUrl}/companies`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Seller Console' }).waitFor();
    await screenshot(page, 'foundation-login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await screenshot(page, 'foundation-login-error');
    await page.close();
  });

  it('signs in, lists, creates, edits, searches and deletes companies across pages, then signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.baseUrl);
    // /login while signed in goes to /.
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL(`${server.baseUrl}/`);

    // Dashboard: five count cards, recent orders, changelog; the first company is selected.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    for (const r of ['company', 'product', 'order', 'source', 'customer'])
      await page.getByTestId(`count-${r}`).waitFor();
    await page.getByRole('heading', { name: 'Changelog' }).waitFor();
    await expect(page.getByTestId('count-company').innerText()).resolves.toContain('2');
    const selector = page.getByRole('combobox', { name: 'Company' });
    await expect(selector.inputValue()).resolves.toBe('Casa Verde Distribuție SRL');
    expect(await page.evaluate(() => localStorage.getItem('selectedCompanyName'))).toBe('Casa Verde Distribuție SRL');
    await page.getByText('Maria Dumitrescu').waitFor();
    await page.getByText('MD', { exact: true }).waitFor();
    await screenshot(page, 'foundation-dashboard');

    // Pick the other company.
    await selector.click();
    await page.getByRole('option', { name: 'Meșteșug Artizanal SRL' }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('selectedCompanyName')))
      .toBe('Meșteșug Artizanal SRL');

    // Notifications: badge, dropdown, closes on an outside click.
    const bell = page.getByRole('button', { name: /Open notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toContain('4 unread');
    await bell.click();
    const dropdown = page.getByTestId('notifications-dropdown');
    await dropdown.getByText('Notifications', { exact: true }).waitFor();
    await dropdown.getByText('Low stock').waitFor(); // system notifications come in the reader's language
    await screenshot(page, 'foundation-notifications');
    await page.mouse.click(700, 600);
    await dropdown.waitFor({ state: 'hidden' });
    // Opening the bell reads nothing: each notification is read when it is opened, or all at once.
    expect(await bell.getAttribute('aria-label')).toContain('4 unread');
    await bell.click();
    await page.getByRole('button', { name: 'View all notifications' }).click();
    await page.waitForURL(`${server.baseUrl}/notifications`);
    await page.getByRole('cell', { name: 'AWB failed' }).waitFor();

    // Companies: the two demo companies.
    await page.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('heading', { name: 'Companies' }).waitFor();
    await page.getByRole('cell', { name: 'Casa Verde Distribuție SRL', exact: true }).waitFor();
    await showing(page).filter({ hasText: 'Showing 1 to 2 of 2 results' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

    // Add one through the modal: required fields first, then an invalid CUI (the server's 422), then a good one.
    await page.getByRole('button', { name: 'Add company' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Company name').waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.activeElement as HTMLInputElement | null)?.closest('.mantine-InputWrapper-root')?.textContent ??
            '',
        ),
      )
      .toContain('Company name');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('This field is required.').first().waitFor();
    await screenshot(page, 'foundation-company-modal');
    await modal.getByLabel('Company name').fill('Alfa Test SRL');
    await modal.getByLabel('Tax ID (CUI)').fill('RO12345');
    await modal.getByLabel('Administrator').fill('Elena Stan');
    await modal.getByLabel('Administrator').press('Enter'); // Enter submits
    await modal
      .getByText(/tax id \(CUI\) is not valid/)
      .first()
      .waitFor();
    await modal.getByLabel('Tax ID (CUI)').fill(validCui(1000001));
    await modal.getByLabel('VAT payer').check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Alfa Test SRL', exact: true }).waitFor();
    await showing(page).filter({ hasText: 'of 3 results' }).waitFor();

    // Eight more through the API: 11 companies, two pages of 10.
    for (let i = 1; i <= 8; i++) {
      const r = await apiCall(page, 'POST', '/api/v1/company', {
        name: `Zeta ${String(i).padStart(2, '0')} SRL`,
        vat_number: validCui(2000000 + i * 37),
        administrator_name: 'Test Admin',
      });
      expect(r.status).toBe(201);
    }
    await page.reload();
    await showing(page).filter({ hasText: 'Showing 1 to 10 of 11 results' }).waitFor();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.waitFor();
    await screenshot(page, 'foundation-companies');

    // Page 2 (kept in the URL), edit there: the list stays on page 2.
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await showing(page).filter({ hasText: 'Showing 11 to 11 of 11 results' }).waitFor();
    await page.getByRole('cell', { name: 'Zeta 08 SRL', exact: true }).waitFor();
    await page
      .getByRole('row', { name: /Zeta 08 SRL/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await expect(modal.getByLabel('Company name').inputValue()).resolves.toBe('Zeta 08 SRL');
    await modal.getByLabel('Company name').fill('Zeta 08 Renamed SRL');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Zeta 08 Renamed SRL', exact: true }).waitFor();
    expect(page.url()).toContain('page=2');

    // Back and forward through the URL history.
    await page.goBack();
    await showing(page).filter({ hasText: 'Showing 1 to 10 of 11 results' }).waitFor();
    await page.goForward();
    await showing(page).filter({ hasText: 'Showing 11 to 11 of 11 results' }).waitFor();

    // Delete the only row of page 2: confirmation, then back to page 1 without pagination.
    await page
      .getByRole('row', { name: /Zeta 08 Renamed SRL/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/delete the company “Zeta 08 Renamed SRL”/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await showing(page).filter({ hasText: 'Showing 1 to 10 of 10 results' }).waitFor();
    expect(page.url()).not.toContain('page=2');
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

    // A company that still has products cannot be deleted: the 409 reason shows in the dialog.
    await page
      .getByRole('row', { name: /Casa Verde Distribuție SRL/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm
      .getByRole('alert')
      .filter({ hasText: /still has \d+ products/ })
      .waitFor();
    await screenshot(page, 'foundation-delete-refused');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Page size 25 and search (debounced): page 1, results filtered, "No results found" for nonsense.
    await page.getByRole('combobox', { name: 'Per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await page.waitForURL(/items=25/);
    await page.getByRole('searchbox', { name: 'Search...' }).fill('zeta 0');
    await page.waitForURL(/search=zeta/);
    await showing(page).filter({ hasText: 'Showing 1 to 7 of 7 results' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search...' }).fill('nothing-like-this');
    await page.getByText('No results found').waitFor();
    await page.getByRole('searchbox', { name: 'Search...' }).fill('');
    await showing(page).filter({ hasText: 'of 10 results' }).waitFor();

    // A page past the end in the URL goes to the last page.
    await page.goto(`${server.baseUrl}/companies?page=9`);
    await page.waitForURL((u) => !u.search.includes('page=9'));
    await showing(page).filter({ hasText: 'Showing 1 to 10 of 10 results' }).waitFor();

    // Romanian: remembered under `language`, texts with diacritics, the server answers in Romanian.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Română' }).click();
    await page.getByRole('heading', { name: 'Companii' }).waitFor();
    await page.getByRole('button', { name: 'Adaugă companie' }).waitFor();
    await page.getByRole('link', { name: 'Panou principal' }).waitFor();
    await page.getByText('Se afișează 1–10 din 10 rezultate').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ro');
    await page.getByRole('button', { name: 'Adaugă companie' }).click();
    await modal.getByRole('button', { name: 'Salvează' }).click();
    await modal.getByText('Câmpul este obligatoriu.').first().waitFor();
    await screenshot(page, 'foundation-romanian-modal');
    await modal.getByRole('button', { name: 'Anulează' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Companii' }).waitFor();
    await screenshot(page, 'foundation-romanian');

    // Placeholder and unknown routes.
    await page.goto(`${server.baseUrl}/no-such-screen`);
    await page.getByText('Pagina nu a fost găsită').waitFor();

    // Sign out (Romanian): local state cleared, protected routes go to /login.
    await page.getByRole('button', { name: 'Deconectare' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Autentificare' }).waitFor();
    await page.getByLabel('Parolă').waitFor();
    const left = await page.evaluate(() =>
      ['token', 'user', 'selectedCompanyId', 'selectedCompanyName'].map((k) => localStorage.getItem(k)),
    );
    expect(left).toEqual([null, null, null, null]);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.close();
  });

  it('opens the sidebar with the menu button on a phone and closes it on the overlay', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const logout = page.getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await logout.waitFor();
    await screenshot(page, 'foundation-mobile-sidebar');
    await page.mouse.click(370, 400); // the overlay, right of the 280 px drawer
    await logout.waitFor({ state: 'hidden' });
    // A link closes the drawer too.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('link', { name: 'Companies' }).click();
    await page.waitForURL(`${server.baseUrl}/companies`);
    await logout.waitFor({ state: 'hidden' });
    await screenshot(page, 'foundation-mobile-companies');
    await page.close();
  });
});
