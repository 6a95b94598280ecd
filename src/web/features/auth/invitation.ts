import './signIn.css';
import type { LoginResponse } from '../../../core/api/auth';
import { MIN_PASSWORD } from '../../../core/passwords';
import { storedLanguage, type Language } from '../../lib/language';
import { STORAGE_KEYS, storeSignIn, writeStorage } from '../../lib/storage';
import { authPageMarkup, mountAuthPage, onLanguageChange, postJson, showFieldError, translatePage } from './authPage';
import type auth from './i18n';
import { signInText } from './signIn';

/**
 * The page of an invitation link (`/invitation/<token>`), public, written without React like the
 * sign-in page it looks like (main.ts shows it to anyone on such a path, signed in or not): the
 * invited colleague chooses a password, typed twice, and is signed in with it (POST
 * /api/v1/invitation/<token>). A link used, expired or unknown gets the server's words and a way to
 * the sign-in. On success the new session is stored as the sign-in stores it and `onSignedIn`
 * starts the app.
 */

/** The page's own texts: the `invitation…` keys of the `auth` namespace. */
type InvitationKey = Extract<keyof (typeof auth)['en'], `invitation${string}`>;
type Field = 'password' | 'repeat';
type FieldErrors = Partial<Record<Field, InvitationKey>>;

/** The field errors of a submit: a password of MIN_PASSWORD characters at least, typed the same twice. */
export function validateInvitation(password: string, repeat: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = 'invitationPasswordRequired';
  else if (password.length < MIN_PASSWORD) errors.password = 'invitationTooShort';
  if (password && repeat !== password) errors.repeat = 'invitationMismatch';
  return errors;
}

class AnswerError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function requestAccept(token: string, password: string, lang: Language): Promise<LoginResponse> {
  const res = await postJson(
    `/api/v1/invitation/${encodeURIComponent(token)}`,
    { password },
    lang,
    () => new AnswerError(0, signInText(lang, 'common:errors.network')),
  );
  const body = (res.payload ?? {}) as { message?: unknown; errors?: unknown; token?: unknown; user?: unknown };
  if (!res.ok || typeof body.token !== 'string' || !body.user) {
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
    throw new AnswerError(res.status, typeof body.message === 'string' ? body.message : '', errors);
  }
  return body as LoginResponse;
}

const MARKUP = authPageMarkup(`
        <h2 class="si-title" data-text="invitationTitle"></h2>
        <p class="si-dimmed si-subtitle" data-text="invitationSubtitle"></p>
        <div class="si-alert" role="alert" hidden><span class="si-alert-text"></span> <a class="si-to-sign-in" href="/login" hidden data-text="invitationToSignIn"></a></div>
        <div class="si-field">
          <label class="si-label" for="iv-password"><span data-text="invitationPassword"></span><span class="si-required" aria-hidden="true"> *</span></label>
          <input class="si-input" id="iv-password" name="password" type="password" autocomplete="new-password" required aria-describedby="iv-password-hint iv-password-error" />
          <p class="si-dimmed" id="iv-password-hint" data-text="invitationPasswordHint" style="font-size:0.75rem"></p>
          <p class="si-error" id="iv-password-error" hidden></p>
        </div>
        <div class="si-field">
          <label class="si-label" for="iv-repeat"><span data-text="invitationRepeat"></span><span class="si-required" aria-hidden="true"> *</span></label>
          <input class="si-input" id="iv-repeat" name="repeat" type="password" autocomplete="new-password" required aria-describedby="iv-repeat-error" />
          <p class="si-error" id="iv-repeat-error" hidden></p>
        </div>
        <button class="si-submit" type="submit"></button>`);

/** Shows the invitation page for `token` in `root`; `onSignedIn` runs once the new session is stored. */
export function invitationPage(root: HTMLElement, token: string, onSignedIn: () => void): void {
  const { q, form, inputs, errorsOf, alert, submit } = mountAuthPage<Field>(root, MARKUP, {
    password: 'iv-password',
    repeat: 'iv-repeat',
  });
  const toSignIn = q<HTMLAnchorElement>('.si-to-sign-in');

  let lang = storedLanguage();
  let errors: FieldErrors = {};
  /** The server's message for the password field (a rule the page did not know), shown under it. */
  let serverPasswordError: string | null = null;
  let failure: AnswerError | null = null;
  let pending = false;
  const t = (key: string) => signInText(lang, key);

  function render(): void {
    translatePage(root, lang, t);
    for (const field of ['password', 'repeat'] as const) {
      const text = errors[field] ? t(errors[field]) : field === 'password' ? serverPasswordError : null;
      showFieldError(inputs[field], errorsOf[field], text);
    }
    alert.hidden = failure === null;
    q('.si-alert-text').textContent = failure ? failure.message || t('invitationFailed') : '';
    // A link that is used, expired or unknown will not work again here: the way on is the sign-in.
    toSignIn.hidden = !(failure && (failure.status === 404 || failure.status === 410));
    submit.disabled = pending;
    submit.textContent = t(pending ? 'invitationSubmitting' : 'invitationSubmit');
  }

  for (const field of ['password', 'repeat'] as const)
    inputs[field].addEventListener('input', () => {
      if (!errors[field] && !(field === 'password' && serverPasswordError)) return;
      errors = { ...errors, [field]: undefined };
      if (field === 'password') serverPasswordError = null;
      render();
    });

  onLanguageChange(root, (chosen) => {
    lang = chosen;
    render();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    errors = validateInvitation(inputs.password.value, inputs.repeat.value);
    serverPasswordError = null;
    failure = null;
    const invalid = (['password', 'repeat'] as const).find((f) => errors[f]);
    if (invalid) {
      render();
      inputs[invalid].focus();
      return;
    }
    pending = true;
    render();
    requestAccept(token, inputs.password.value, lang).then(
      (answer) => {
        pending = false;
        storeSignIn(answer.token, answer.user);
        // Whoever was signed in on this browser before: their company is not the invitee's.
        writeStorage(STORAGE_KEYS.selectedCompanyId, null);
        writeStorage(STORAGE_KEYS.selectedCompanyName, null);
        onSignedIn();
      },
      (error: AnswerError) => {
        pending = false;
        const onField = error.status === 422 ? error.errors.password?.join(' ') : undefined;
        if (onField) serverPasswordError = onField;
        else failure = error;
        render();
        if (onField) inputs.password.focus();
      },
    );
  });

  render();
  inputs.password.focus();
}
