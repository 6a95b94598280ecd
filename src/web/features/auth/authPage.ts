import { LANGUAGES, storeLanguage, type Language } from '../../lib/language';

/**
 * What the pages written without React (the sign-in and an invitation link) share: the frame of
 * the page around their form, the JSON call, the texts filled in by key, a field's error under it
 * and the language select. Each page keeps its own fields, rules and answers.
 */

/**
 * The page around `form` (the card's content): the app's title above, the language select below.
 * Every text is a `data-text` key (an `auth` key or `common:a.b`) and every accessible name a
 * `data-label` key, filled in by translatePage, so a change of language keeps what was typed.
 */
export function authPageMarkup(form: string, icons: { logo?: string; language?: string } = {}): string {
  return `
<main class="si-page">
  <div class="si-column">
    <div class="si-brand">${icons.logo ? `\n      <div class="si-logo">${icons.logo}</div>` : ''}
      <h1 class="si-app-title" data-text="common:appTitle"></h1>
      <p class="si-dimmed" data-text="common:appTagline"></p>
    </div>
    <div class="si-card">
      <form class="si-form" novalidate>${form}
      </form>
    </div>
    <div class="si-language">${icons.language ? `\n      ${icons.language}` : ''}
      <select data-label="common:layout.language">${LANGUAGES.map((l) => `<option value="${l.value}">${l.label}</option>`).join('')}</select>
    </div>
  </div>
</main>`;
}

/**
 * Puts the page's markup in `root` and finds its parts: each field's input by its id (`fields`)
 * with its error under it (`<id>-error`), the form, the alert and the submit button.
 */
export function mountAuthPage<F extends string>(root: HTMLElement, markup: string, fields: Record<F, string>) {
  root.innerHTML = markup;
  const q = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const each = <T extends Element>(suffix: string) =>
    Object.fromEntries(Object.entries<string>(fields).map(([f, id]) => [f, q<T>(`#${id}${suffix}`)])) as Record<F, T>;
  return {
    q,
    form: q<HTMLFormElement>('form'),
    inputs: each<HTMLInputElement>(''),
    errorsOf: each<HTMLElement>('-error'),
    alert: q<HTMLElement>('.si-alert'),
    submit: q<HTMLButtonElement>('.si-submit'),
  };
}

/** Fills in every text and accessible name of the page in `lang`, and shows `lang` in the select. */
export function translatePage(root: HTMLElement, lang: Language, t: (key: string) => string): void {
  document.documentElement.lang = lang;
  root.querySelector<HTMLSelectElement>('.si-language select')!.value = lang;
  for (const node of root.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = t(node.dataset.text!);
  for (const node of root.querySelectorAll<HTMLElement>('[data-label]'))
    node.setAttribute('aria-label', t(node.dataset.label!));
}

/** A field's error under it (none: hidden), the input marked invalid while there is one. */
export function showFieldError(input: HTMLInputElement, error: HTMLElement, text: string | null | undefined): void {
  if (text) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  error.hidden = !text;
  error.textContent = text ?? '';
}

/** The language select: the chosen language is stored under the key the app reads, then shown. */
export function onLanguageChange(root: HTMLElement, show: (lang: Language) => void): void {
  const select = root.querySelector<HTMLSelectElement>('.si-language select')!;
  select.addEventListener('change', () => {
    const lang: Language = select.value === 'ro' ? 'ro' : 'en';
    storeLanguage(lang);
    show(lang);
  });
}

/**
 * POSTs `body` as JSON in `lang` and answers the status and the parsed body (null when not JSON).
 * A server out of reach throws `unreachable()`: the page's own error, with the network text.
 */
export async function postJson(
  url: string,
  body: unknown,
  lang: Language,
  unreachable: () => Error,
): Promise<{ ok: boolean; status: number; payload: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': lang, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw unreachable();
  }
  let payload: unknown = null;
  try {
    payload = await res.json();
  } catch {
    /* not JSON */
  }
  return { ok: res.ok, status: res.status, payload };
}
