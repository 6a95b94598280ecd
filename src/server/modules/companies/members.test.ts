import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../http/auth.js';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

// The clock moves only when told: the 5 s session and membership cache never runs out by itself
// here, so what must end "at once" is seen to end through the cache, not after it.
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const ro = { 'accept-language': 'ro' };
const anonymous = (method: string, url: string, body?: unknown) =>
  t.app.inject({ method: method as 'GET', url, payload: body as object | undefined });
const tokenOf = (link: string) => link.split('/invitation/')[1];
const accept = (token: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/invitation/${token}`, payload: { password }, headers });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
/** The user of a session token, calling in `companyId`. */
const withToken = (token: string, companyId: number): Pick<TestUser, 'call'> => ({
  call: (method, url, o = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload: o.body as object | undefined,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': String(companyId), ...o.headers },
    }),
});

async function invite(u: TestUser, body: Record<string, unknown>, company = u.companyId) {
  return u.call('POST', `/api/v1/company/${company}/members`, { company: null, body });
}

describe('members of a company', () => {
  it('lists the members with id, email and names; a stranger gets 401, another company 404', async () => {
    const a = await t.signUp();
    const colleague = await t.signUp({ companies: [a.companyId] });
    const other = await t.signUp();
    const res = await a.call('GET', `/api/v1/company/${a.companyId}/members`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([a.id, colleague.id].sort());
    expect(res.json().data[0]).toEqual({
      id: expect.any(Number),
      email: expect.stringMatching(/@example\.ro$/),
      first_name: 'Test',
      last_name: 'User',
      invitation_pending: false,
    });
    expect((await anonymous('GET', `/api/v1/company/${a.companyId}/members`)).statusCode).toBe(401);
    const foreign = await a.call('GET', `/api/v1/company/${other.companyId}/members`);
    const none = await a.call('GET', '/api/v1/company/999999/members');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(none.body);
  });

  it('invites a new e-mail: a one-time link valid 72 hours, the token kept only hashed, the invitee listed as pending', async () => {
    const a = await t.signUp();
    const res = await invite(a, { email: ' Ioana.Pop@Example.ro ', first_name: 'Ioana', last_name: 'Pop' });
    expect(res.statusCode, res.body).toBe(201);
    const { link, expires_at, member } = res.json().data;
    expect(link).toMatch(/^http:\/\/localhost\/invitation\/[\w-]{40,}$/);
    expect(expires_at).toBe(clock.now() + 72 * 3600);
    expect(member).toMatchObject({ email: 'ioana.pop@example.ro', first_name: 'Ioana', invitation_pending: true });
    const stored = await t.db.kysely.selectFrom('invitations').selectAll().where('user_id', '=', member.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(hashToken(tokenOf(link)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link));
    const list = (await a.call('GET', `/api/v1/company/${a.companyId}/members`)).json().data;
    expect(list.find((m: { id: number }) => m.id === member.id)).toMatchObject({ invitation_pending: true });
    // No password yet: nothing signs in as the invitee, not even an empty password.
    expect((await login('ioana.pop@example.ro', '')).statusCode).toBe(422);
    expect((await login('ioana.pop@example.ro', 'anything-at-all')).statusCode).toBe(403);
  });

  it('adds an e-mail that already has an account at once, with no link, and refuses a member twice', async () => {
    const a = await t.signUp();
    const existing = await t.signUp({ email: 'mihai@example.ro' });
    const res = await invite(a, { email: 'MIHAI@example.ro', first_name: 'Alt', last_name: 'Nume' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      link: null,
      expires_at: null,
      member: {
        id: existing.id,
        email: 'mihai@example.ro',
        first_name: 'Test',
        last_name: 'User',
        invitation_pending: false,
      },
    });
    // The account keeps its names, and works in the company now.
    expect((await existing.call('GET', '/api/v1/source', { company: a.companyId })).statusCode).toBe(200);
    const twice = await invite(a, { email: 'mihai@example.ro', first_name: 'A', last_name: 'B' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ email: ['This person is already a member of the company.'] });
    const twiceRo = await a.call('POST', `/api/v1/company/${a.companyId}/members`, {
      company: null,
      body: { email: 'mihai@example.ro', first_name: 'A', last_name: 'B' },
      headers: ro,
    });
    expect(twiceRo.json().errors).toEqual({ email: ['Această persoană este deja membră a companiei.'] });
  });

  it('refuses a bad form with a message per field (both languages), a stranger with 401, another company with 404', async () => {
    const a = await t.signUp();
    const other = await t.signUp();
    const bad = await invite(a, { email: 'not-an-email', first_name: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['Enter a valid email address.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
    });
    const badRo = await a.call('POST', `/api/v1/company/${a.companyId}/members`, {
      company: null,
      body: {},
      headers: ro,
    });
    expect(badRo.json().errors.email).toEqual(['Câmpul este obligatoriu.']);
    const valid = { email: 'nou@example.ro', first_name: 'Nou', last_name: 'Coleg' };
    expect((await anonymous('POST', `/api/v1/company/${a.companyId}/members`, valid)).statusCode).toBe(401);
    // Another company's is not found, with a valid form or none, and nobody is made.
    for (const body of [valid, {}]) expect((await invite(a, body, other.companyId)).statusCode).toBe(404);
    const made = await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'nou@example.ro').execute();
    expect(made).toEqual([]);
  });

  it('inviting again someone who has not opened the link gives a new one, and the old one stops working', async () => {
    const a = await t.signUp();
    const body = { email: 'dana@example.ro', first_name: 'Dana', last_name: 'Ene' };
    const first = (await invite(a, body)).json().data;
    const second = await invite(a, body);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.member.id).toBe(first.member.id);
    expect(second.json().data.link).not.toBe(first.link);
    expect((await accept(tokenOf(first.link), 'parola-noua-1')).statusCode).toBe(404);
    expect((await accept(tokenOf(second.json().data.link), 'parola-noua-1')).statusCode).toBe(200);
  });
});

describe('an invitation link', () => {
  it('sets the password and signs in; the new member works in the company and signs in again with it', async () => {
    const a = await t.signUp();
    const { link, member } = (
      await invite(a, { email: 'radu@example.ro', first_name: 'Radu', last_name: 'Matei' })
    ).json().data;
    const res = await accept(tokenOf(link), 'parola-lui-radu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toEqual({
      id: member.id,
      email: 'radu@example.ro',
      first_name: 'Radu',
      last_name: 'Matei',
    });
    const session = withToken(res.json().token, a.companyId);
    expect((await session.call('GET', '/api/v1/me')).json().user.email).toBe('radu@example.ro');
    expect((await session.call('GET', '/api/v1/source')).statusCode).toBe(200);
    expect((await login('radu@example.ro', 'parola-lui-radu')).statusCode).toBe(200);
    const list = (await a.call('GET', `/api/v1/company/${a.companyId}/members`)).json().data;
    expect(list.find((m: { id: number }) => m.id === member.id).invitation_pending).toBe(false);
  });

  it('opens only its own company: the new member is refused in another company and cannot see its members', async () => {
    const a = await t.signUp();
    const other = await t.signUp();
    const { link } = (await invite(a, { email: 'ana.ilie@example.ro', first_name: 'Ana', last_name: 'Ilie' })).json()
      .data;
    const res = await accept(tokenOf(link), 'parola-anei-1');
    expect(res.statusCode, res.body).toBe(200);
    const elsewhere = withToken(res.json().token, other.companyId);
    expect((await elsewhere.call('GET', '/api/v1/source')).statusCode).toBe(403);
    expect((await elsewhere.call('GET', `/api/v1/company/${other.companyId}/members`)).statusCode).toBe(404);
    const own = withToken(res.json().token, a.companyId);
    expect((await own.call('GET', '/api/v1/company')).json().data.map((c: { id: number }) => c.id)).toEqual([
      a.companyId,
    ]);
  });

  it('works once: used twice it is refused (410), and the password stays the one chosen', async () => {
    const a = await t.signUp();
    const { link } = (await invite(a, { email: 'sorin@example.ro', first_name: 'Sorin', last_name: 'Lazăr' })).json()
      .data;
    expect((await accept(tokenOf(link), 'prima-parola')).statusCode).toBe(200);
    const again = await accept(tokenOf(link), 'a-doua-parola');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation link was already used. Sign in with your e-mail and password.');
    expect((await accept(tokenOf(link), 'a-doua-parola', ro)).json().message).toBe(
      'Acest link de invitație a fost deja folosit. Autentificați-vă cu adresa de e-mail și parola.',
    );
    expect((await login('sorin@example.ro', 'a-doua-parola')).statusCode).toBe(403);
    expect((await login('sorin@example.ro', 'prima-parola')).statusCode).toBe(200);
  });

  it('expires 72 hours after it was made (410), and an unknown token is not found (404)', async () => {
    const a = await t.signUp();
    const early = (await invite(a, { email: 'vlad@example.ro', first_name: 'Vlad', last_name: 'Dinu' })).json().data;
    const late = (await invite(a, { email: 'irina@example.ro', first_name: 'Irina', last_name: 'Dinu' })).json().data;
    clock.advance(72 * 3600 - 1);
    expect((await accept(tokenOf(early.link), 'la-limita-1')).statusCode).toBe(200);
    clock.advance(1);
    const expired = await accept(tokenOf(late.link), 'prea-tarziu');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This invitation link has expired. Ask a colleague to invite you again.');
    expect((await accept(tokenOf(late.link), 'prea-tarziu', ro)).json().message).toBe(
      'Acest link de invitație a expirat. Cereți unui coleg să vă invite din nou.',
    );
    const unknown = await accept('no-such-token', 'oricare-parola');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This invitation link is not valid. Ask a colleague for a new one.');
    expect((await login('irina@example.ro', 'prea-tarziu')).statusCode).toBe(403);
  });

  it('refuses a short or missing password with a message on the field, and keeps the link open', async () => {
    const a = await t.signUp();
    const { link } = (await invite(a, { email: 'cezar@example.ro', first_name: 'Cezar', last_name: 'Ilie' })).json()
      .data;
    const short = await accept(tokenOf(link), 'scurta');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['At least 8 characters.'] });
    expect((await accept(tokenOf(link), 'scurta', ro)).json().errors).toEqual({ password: ['Cel puțin 8 caractere.'] });
    const none = await t.app.inject({ method: 'POST', url: `/api/v1/invitation/${tokenOf(link)}`, payload: {} });
    expect(none.json().errors).toEqual({ password: ['This field is required.'] });
    expect((await accept(tokenOf(link), 'destul-de-lunga')).statusCode).toBe(200);
  });

  it('invited by two companies: the first link opened chooses the password, the other is spent', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const body = { email: 'elena@example.ro', first_name: 'Elena', last_name: 'Stan' };
    const fromA = (await invite(a, body)).json().data;
    const fromB = (await invite(b, body)).json().data;
    expect(fromB.member.id).toBe(fromA.member.id);
    expect(fromB.link).not.toBeNull();
    const opened = await accept(tokenOf(fromA.link), 'parola-elenei');
    expect(opened.statusCode).toBe(200);
    // The inviter of B holds B's link: it never replaces the password Elena chose.
    expect((await accept(tokenOf(fromB.link), 'parola-altcuiva')).statusCode).toBe(410);
    expect((await login('elena@example.ro', 'parola-elenei')).statusCode).toBe(200);
    const session = withToken(opened.json().token, b.companyId);
    expect((await session.call('GET', '/api/v1/source')).statusCode).toBe(200);
  });
});

describe('removing a member', () => {
  it("ends the member's sessions at once, even those this instance remembers, and their access", async () => {
    const a = await t.signUp();
    const gone = await t.signUp({ companies: [a.companyId] });
    const second = await login(gone.email, 'secret-pass');
    const other = withToken(second.json().token, a.companyId);
    // Both sessions and the membership are in this instance's cache now.
    expect((await gone.call('GET', '/api/v1/source')).statusCode).toBe(200);
    expect((await other.call('GET', '/api/v1/source')).statusCode).toBe(200);
    const res = await a.call('DELETE', `/api/v1/company/${a.companyId}/members/${gone.id}`, { company: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await gone.call('GET', '/api/v1/me')).statusCode).toBe(401);
    expect((await other.call('GET', '/api/v1/source')).statusCode).toBe(401);
    // Signed in again, the user is no member any more.
    const back = withToken((await login(gone.email, 'secret-pass')).json().token, a.companyId);
    expect((await back.call('GET', '/api/v1/source')).statusCode).toBe(403);
    const list = (await a.call('GET', `/api/v1/company/${a.companyId}/members`)).json().data;
    expect(list.map((m: { id: number }) => m.id)).toEqual([a.id]);
  });

  it('withdraws the link of an invitee removed before opening it', async () => {
    const a = await t.signUp();
    const { link, member } = (
      await invite(a, { email: 'paul@example.ro', first_name: 'Paul', last_name: 'Tudor' })
    ).json().data;
    expect((await a.call('DELETE', `/api/v1/company/${a.companyId}/members/${member.id}`)).statusCode).toBe(200);
    expect((await accept(tokenOf(link), 'parola-lui-paul')).statusCode).toBe(404);
  });

  it('keeps the last member (409, both languages), and one may leave while a colleague stays', async () => {
    const a = await t.signUp();
    const last = await a.call('DELETE', `/api/v1/company/${a.companyId}/members/${a.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'A company keeps at least one member: invite a colleague before removing the last one.',
    );
    const lastRo = await a.call('DELETE', `/api/v1/company/${a.companyId}/members/${a.id}`, { headers: ro });
    expect(lastRo.json().message).toMatch(/^O companie păstrează cel puțin un membru/);
    const colleague = await t.signUp({ companies: [a.companyId] });
    expect((await a.call('DELETE', `/api/v1/company/${a.companyId}/members/${a.id}`)).statusCode).toBe(200);
    expect((await a.call('GET', '/api/v1/me')).statusCode).toBe(401);
    const alone = await colleague.call('DELETE', `/api/v1/company/${a.companyId}/members/${colleague.id}`);
    expect(alone.statusCode).toBe(409);
  });

  it("answers 401 to a stranger, 404 for another company's member or company and for a non-member", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const bColleague = await t.signUp({ companies: [b.companyId] });
    expect((await anonymous('DELETE', `/api/v1/company/${a.companyId}/members/${a.id}`)).statusCode).toBe(401);
    const none = await a.call('DELETE', '/api/v1/company/999999/members/999999');
    for (const url of [
      `/api/v1/company/${b.companyId}/members/${bColleague.id}`,
      `/api/v1/company/${a.companyId}/members/${b.id}`,
      `/api/v1/company/${a.companyId}/members/999999`,
    ]) {
      const res = await a.call('DELETE', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(none.body);
    }
    expect((await a.call('DELETE', `/api/v1/company/${a.companyId}/members/x`)).statusCode).toBe(422);
    // B's colleague is still there, signed in.
    expect((await bColleague.call('GET', '/api/v1/source')).statusCode).toBe(200);
  });
});
