import './signIn.css';
import type { LoginResponse } from '../../../core/api/auth';
import { common } from '../../components/i18n';
import { storedLanguage, type Language } from '../../lib/language';
import { storeSignIn } from '../../lib/storage';
import { authPageMarkup, mountAuthPage, onLanguageChange, postJson, showFieldError, translatePage } from './authPage';
import auth from './i18n';
import { loginErrorMessage, type AnswerError } from './loginError';

/**
 * The sign-in page, written without React: it is all a visitor without a session downloads (main.ts
 * decides), so it stays a few kilobytes instead of the whole app. It looks and behaves like the app's
 * forms: the texts of the `auth` namespace in the stored language (the select changes it, under the
 * key the app reads), a message per field on submit (cleared by typing in it), the API's error in an
 * alert, the button disabled while signing in. On success the session is stored as lib/session.ts
 * stores it and `onSignedIn` starts the app.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type AuthKey = keyof (typeof auth)['en'];
type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, AuthKey>>;

/** The texts of a key in `lang`: an `auth` key, or `common:a.b` for a shared text. */
export function signInText(lang: Language, key: string): string {
  if (!key.startsWith('common:')) return (auth[lang] as Record<string, string>)[key] ?? key;
  let node: unknown = common[lang];
  for (const part of key.slice('common:'.length).split('.'))
    node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** The field errors of a submit, as keys of the `auth` texts (the same rules as the app's forms had). */
export function validateSignIn(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const e = email.trim();
  if (!e) errors.email = 'emailRequired';
  else if (!EMAIL.test(e)) errors.email = 'emailInvalid';
  if (!password) errors.password = 'passwordRequired';
  return errors;
}

class SignInError extends Error implements AnswerError {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** POST /api/v1/login; an error answer throws its status and message, as the app's api client does. */
async function requestSignIn(email: string, password: string, lang: Language): Promise<LoginResponse | null> {
  const res = await postJson(
    '/api/v1/login',
    { email, password },
    lang,
    () => new SignInError(0, signInText(lang, 'common:errors.network')),
  );
  const payload = res.payload;
  if (!res.ok) {
    const message = (payload as { message?: unknown } | null)?.message;
    throw new SignInError(res.status, typeof message === 'string' ? message : '');
  }
  const answer = payload as Partial<LoginResponse> | null;
  return answer?.token && answer.user ? (answer as LoginResponse) : null;
}

const ICONS = {
  store:
    '<path d="M3 21l18 0"/><path d="M3 7v1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1h-18l2 -4h14l2 4"/><path d="M5 21l0 -10.15"/><path d="M19 21l0 -10.15"/><path d="M9 21v-4a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v4"/>',
  alert: '<path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0"/><path d="M12 8v4"/><path d="M12 16h.01"/>',
  language:
    '<path d="M9 6.371c0 4.418 -2.239 6.629 -5 6.629"/><path d="M4 6.371h7"/><path d="M5 9c0 2.144 2.252 3.908 6 4"/><path d="M12 20l4 -9l4 9"/><path d="M19.1 18h-6.2"/><path d="M6.694 3l.793 .582"/>',
  eye: '<path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0"/><path d="M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6"/>',
  eyeOff:
    '<path d="M10.585 10.587a2 2 0 0 0 2.829 2.828"/><path d="M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87"/><path d="M3 3l18 18"/>',
};

/** A Tabler icon (the app's icon set), drawn inline. */
function icon(name: keyof typeof ICONS, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICONS[name]}</svg>`;
}

/** The sign-in form; every text is filled in by render(), so a change of language keeps what was typed. */
const MARKUP = authPageMarkup(
  `
        <h2 class="si-title" data-text="title"></h2>
        <p class="si-dimmed si-subtitle" data-text="subtitle"></p>
        <div class="si-alert" role="alert" hidden>${icon('alert', 18)}<span class="si-alert-text"></span></div>
        <div class="si-field">
          <label class="si-label" for="si-email"><span data-text="email"></span><span class="si-required" aria-hidden="true"> *</span></label>
          <input class="si-input" id="si-email" name="email" type="email" autocomplete="username" required aria-describedby="si-email-error" />
          <p class="si-error" id="si-email-error" hidden></p>
        </div>
        <div class="si-field">
          <label class="si-label" for="si-password"><span data-text="password"></span><span class="si-required" aria-hidden="true"> *</span></label>
          <div class="si-password">
            <input class="si-input" id="si-password" name="password" type="password" autocomplete="current-password" required aria-describedby="si-password-error" />
            <button class="si-toggle" type="button" tabindex="-1" aria-pressed="false" data-label="toggleVisibility">${icon('eye', 20)}</button>
          </div>
          <p class="si-error" id="si-password-error" hidden></p>
        </div>
        <button class="si-submit" type="submit"></button>`,
  { logo: icon('store', 30), language: icon('language', 16) },
);

/**
 * Shows the sign-in page in `root`. `onSignedIn` runs once the session is stored (main.ts then
 * starts the app in the same root).
 */
export function signInPage(root: HTMLElement, onSignedIn: () => void): void {
  const { q, form, inputs, errorsOf, alert, submit } = mountAuthPage<Field>(root, MARKUP, {
    email: 'si-email',
    password: 'si-password',
  });
  const toggle = q<HTMLButtonElement>('.si-toggle');

  let lang = storedLanguage();
  let errors: FieldErrors = {};
  let failure: unknown = undefined;
  let pending = false;
  const t = (key: string) => signInText(lang, key);

  function render(): void {
    translatePage(root, lang, t);
    for (const field of ['email', 'password'] as const) {
      const key = errors[field];
      showFieldError(inputs[field], errorsOf[field], key ? t(key) : null);
    }
    alert.hidden = failure === undefined;
    q('.si-alert-text').textContent =
      failure === undefined ? '' : failure === null ? t('loginFailed') : loginErrorMessage(failure, t);
    submit.disabled = pending;
    submit.textContent = t(pending ? 'submitting' : 'submit');
  }

  for (const field of ['email', 'password'] as const)
    inputs[field].addEventListener('input', () => {
      if (!errors[field]) return;
      errors = { ...errors, [field]: undefined };
      render();
    });

  toggle.addEventListener('click', () => {
    const show = inputs.password.type === 'password';
    inputs.password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(show));
    toggle.innerHTML = icon(show ? 'eyeOff' : 'eye', 20);
  });

  onLanguageChange(root, (chosen) => {
    lang = chosen;
    render();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    // A new attempt replaces the last one's answer: the old "incorrect credentials" banner never
    // stays above the field errors of an attempt that was not even sent.
    failure = undefined;
    errors = validateSignIn(inputs.email.value, inputs.password.value);
    const invalid = (['email', 'password'] as const).find((f) => errors[f]);
    if (invalid) {
      render();
      inputs[invalid].focus();
      return;
    }
    pending = true;
    failure = undefined;
    render();
    requestSignIn(inputs.email.value.trim(), inputs.password.value, lang).then(
      (answer) => {
        pending = false;
        if (!answer) {
          // An answer without a session: the generic failure (null), as the app showed it.
          failure = null;
          render();
          return;
        }
        storeSignIn(answer.token, answer.user);
        onSignedIn();
      },
      (error: unknown) => {
        pending = false;
        failure = error;
        render();
      },
    );
  });

  render();
  inputs.email.focus();
}
