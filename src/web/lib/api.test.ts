// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { api, ApiError, errorMessage, fileNameOf, withQuery } from './api';
import { session } from './session';
import { applyServerErrors, serverFieldErrors } from './form';
import { loginErrorMessage } from '../features/auth/loginError';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
    await i18n.changeLanguage('ro');
    localStorage.clear();
    session.reload();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, X-Company-ID and Accept-Language', async () => {
    session.signIn('tok123', { id: 1, first_name: 'Maria', last_name: 'D', email: 'm@x.ro' });
    session.selectCompany({ id: 7, name: 'Casa Verde' });
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await api.get('/api/v1/source', { page: 2, search: '', items: undefined });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/source?page=2');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer tok123',
      'X-Company-ID': '7',
      'Accept-Language': 'ro',
    });
  });

  it('keeps the session and company in the spec storage keys', () => {
    session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 3, name: 'Meșteșug' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'a@b.ro' });
    expect(localStorage.getItem('selectedCompanyId')).toBe('3');
    expect(localStorage.getItem('selectedCompanyName')).toBe('Meșteșug');
    session.clear();
    for (const k of ['token', 'user', 'selectedCompanyId', 'selectedCompanyName'])
      expect(localStorage.getItem(k)).toBeNull();
  });

  it('sends an Idempotency-Key only when given one', async () => {
    fetchMock.mockImplementation(async () => json(201, { data: { id: 1 } }));
    await api.post('/api/v1/source', { source: 'x' }, { idempotencyKey: 'k-1' });
    await api.post('/api/v1/source', { source: 'x' });
    expect(fetchMock.mock.calls[0][1].headers['Idempotency-Key']).toBe('k-1');
    expect(fetchMock.mock.calls[1][1].headers['Idempotency-Key']).toBeUndefined();
  });

  it('sends JSON bodies and FormData as multipart', async () => {
    fetchMock.mockImplementation(async () => json(201, { data: { id: 1 } }));
    await api.post('/api/v1/company', { name: 'x' });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(fetchMock.mock.calls[0][1].headers['Content-Type']).toBe('application/json');
    const fd = new FormData();
    fd.set('name', 'x');
    await api.post('/api/v1/product', fd);
    expect(fetchMock.mock.calls[1][1].body).toBe(fd);
    expect(fetchMock.mock.calls[1][1].headers['Content-Type']).toBeUndefined();
  });

  it('turns an error answer into ApiError {status, message, errors}', async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: 'Some fields are not valid.', errors: { name: ['This field is required.'] } }),
    );
    const err = await api.post('/api/v1/company', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      message: 'Some fields are not valid.',
      errors: { name: ['This field is required.'] },
    });
  });

  it('keeps the whole error answer (a provider’s own refusal)', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        message: 'Cargus refused the AWB: Invalid postal code',
        provider: 'cargus',
        provider_error: 'Invalid postal code',
      }),
    );
    const err = (await api.post('/api/v1/order/1/awb', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.body).toMatchObject({ provider: 'cargus', provider_error: 'Invalid postal code' });
  });

  it('downloads a file with the name the server gives it', async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="AWB-1000123.pdf"' },
      }),
    );
    const file = await api.file('/api/v1/order/1/awb');
    expect(file.filename).toBe('AWB-1000123.pdf');
    expect(await file.blob.text()).toBe('%PDF');
    fetchMock.mockResolvedValue(json(404, { message: 'No AWB found' }));
    await expect(api.file('/api/v1/order/1/awb')).rejects.toMatchObject({ status: 404, message: 'No AWB found' });
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="AWB-1.pdf"')).toBe('AWB-1.pdf');
    expect(fileNameOf('attachment; filename=Factura-SB-12.pdf')).toBe('Factura-SB-12.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''Factur%C4%83%20SB%2012.pdf`)).toBe(
      'Factură SB 12.pdf',
    );
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('signs the user out on a 401 from any call', async () => {
    session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 3, name: 'X' });
    fetchMock.mockResolvedValue(json(401, { message: 'You are not signed in.' }));
    await expect(api.get('/api/v1/product')).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toEqual({ token: null, user: null, company: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/v1/x')).rejects.toMatchObject({ status: 0 });
  });

  it('prefers the server message over the fallback', () => {
    expect(errorMessage(new ApiError(409, 'Company in use'), 'Failed to delete company')).toBe('Company in use');
    expect(errorMessage(new ApiError(500, ''), 'Failed to delete company')).toBe('Failed to delete company');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('builds query strings without empty values', () => {
    expect(withQuery('/a', { page: 1, search: 'Ș t', x: null, y: '' })).toBe('/a?page=1&search=%C8%98+t');
    expect(withQuery('/a?b=1', { c: 2 })).toBe('/a?b=1&c=2');
  });
});

describe('form errors from the server', () => {
  it('maps a 422 errors object onto the form fields it has', () => {
    const error = new ApiError(422, 'Some fields are not valid.', {
      vat_number: ['Invalid CUI.'],
      name: ['Required.', 'Too long.'],
      other: ['x'],
    });
    expect(serverFieldErrors(error)).toEqual({ vat_number: 'Invalid CUI.', name: 'Required. Too long.', other: 'x' });
    const setErrors = vi.fn();
    const back = applyServerErrors({ values: { name: '', vat_number: '' }, setErrors }, error);
    expect(setErrors).toHaveBeenCalledWith({ name: 'Required. Too long.', vat_number: 'Invalid CUI.' });
    expect(back).toBe(error);
  });
  it('ignores errors that are not ApiErrors', () => expect(serverFieldErrors(new Error('x'))).toEqual({}));
});

describe('login error message (403, the server message, the fallbacks)', () => {
  const t = (k: string) =>
    ({
      invalidCredentials: 'Invalid credentials',
      loginFailed: 'An error occurred during login',
      'common:errors.unexpected': 'An unexpected error occurred',
    })[k] ?? k;
  it('403 → Invalid credentials', () =>
    expect(loginErrorMessage(new ApiError(403, 'Date incorecte'), t)).toBe('Invalid credentials'));
  it('other status → the server message', () =>
    expect(loginErrorMessage(new ApiError(429, 'Too many attempts'), t)).toBe('Too many attempts'));
  it('no message → the generic failure', () => {
    expect(loginErrorMessage(new ApiError(500, ''), t)).toBe('An error occurred during login');
    expect(loginErrorMessage(new ApiError(0, ''), t)).toBe('An error occurred during login');
  });
  it('an error that is not an API answer → An unexpected error occurred', () => {
    expect(loginErrorMessage(new TypeError('x'), t)).toBe('An unexpected error occurred');
  });
});
