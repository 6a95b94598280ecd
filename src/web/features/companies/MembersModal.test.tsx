// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../../core/api/companies';
import type { Member } from '../../../core/api/members';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import companies from './i18n';
import { CompaniesPage } from './CompaniesPage';
import { MembersModal } from './MembersModal';

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, companies: companies.en }, ro: { common: common.ro, companies: companies.ro } },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const company = { id: 5, name: 'Casa Verde SRL' } as Company;
const me: Member = { id: 1, email: 'ana@example.ro', first_name: 'Ana', last_name: 'Pop', invitation_pending: false };
const ion: Member = { id: 2, email: 'ion@example.ro', first_name: 'Ion', last_name: 'Dinu', invitation_pending: true };

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
let members: Member[];
/** The members API of company 5, answering `invite` to an invitation and `remove` to a removal. */
function fakeApi(opts: { invite?: [number, unknown]; remove?: [number, unknown] } = {}) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://x').pathname;
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (method === 'GET' && path === '/api/v1/company/5/members') return json(200, { data: members });
      if (method === 'GET' && path === '/api/v1/company')
        return json(200, {
          data: [
            { ...company, vat_number: 'RO14399840', administrator_name: 'Ana Pop', vat_payer: true, active: true },
          ],
          meta: { total: 1, last_page: 1, current_page: 1 },
        });
      if (method === 'POST' && path === '/api/v1/company/5/members') {
        const [status, body] = opts.invite ?? [500, {}];
        return json(status, body);
      }
      if (method === 'DELETE' && path.startsWith('/api/v1/company/5/members/')) {
        const [status, body] = opts.remove ?? [200, { message: 'deleted' }];
        if (status === 200) members = members.filter((m) => `/api/v1/company/5/members/${m.id}` !== path);
        return json(status, body);
      }
      return json(404, { message: 'Not found.' });
    }),
  );
}

function open(list: Member[] = [me, ion], opts: Parameters<typeof fakeApi>[0] = {}) {
  members = list;
  fakeApi(opts);
  session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
  renderRoutes([{ path: '*', element: <MembersModal company={company} onClose={() => {}} /> }], '/companies');
}

describe('the Members section of a company', () => {
  it('opens from the Members button of a company on the companies screen', async () => {
    members = [me, ion];
    fakeApi();
    session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
    renderRoutes([{ path: '*', element: <CompaniesPage /> }], '/companies');
    fireEvent.click(await screen.findByRole('button', { name: 'Members: Casa Verde SRL' }));
    expect(await screen.findByRole('dialog', { name: 'Members of Casa Verde SRL' })).toBeTruthy();
    expect(await screen.findByText('ion@example.ro')).toBeTruthy();
  });

  it('lists the members, marks the user and who has not opened their invitation yet', async () => {
    open();
    expect(await screen.findByText('Members of Casa Verde SRL')).toBeTruthy();
    const table = await screen.findByTestId('members');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Ana PopYouana@example.ro', 'Ion DinuInvitedion@example.ro']);
  });

  it('invites by e-mail and name, and shows the link to copy with its expiry', async () => {
    open([me], {
      invite: [
        201,
        {
          data: {
            link: 'http://localhost:3000/invitation/abc123',
            expires_at: 1_800_000_000,
            member: { ...ion, email: 'nou@example.ro', first_name: 'Nou', last_name: 'Coleg' },
          },
        },
      ],
    });
    await screen.findByTestId('members');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nou@example.ro' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nou' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Coleg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const box = await screen.findByTestId('invite-link');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'nou@example.ro',
      first_name: 'Nou',
      last_name: 'Coleg',
    });
    expect(within(box).getByText('Invitation link for Nou Coleg')).toBeTruthy();
    expect((within(box).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      'http://localhost:3000/invitation/abc123',
    );
    expect(within(box).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(box.textContent).toMatch(/it works once, until .*2027/);
    // The form is empty again for the next colleague.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending, and shows the server’s field message under its field only', async () => {
    open([me], {
      invite: [
        422,
        {
          message: 'Some fields are not valid.',
          errors: { email: ['This person is already a member of the company.'] },
        },
      ],
    });
    await screen.findByTestId('members');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.ro' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Pop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('This person is already a member of the company.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a member after a confirmation that says their sessions end', async () => {
    open();
    await screen.findByTestId('members');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ion Dinu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog.textContent).toContain(
      'Remove Ion Dinu (ion@example.ro) from Casa Verde SRL? Their sessions end at once and they can no longer work in the company.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/v1/company/5/members/2');
    await waitFor(() => expect(within(screen.getByTestId('members')).getAllByRole('row')).toHaveLength(2));
  });

  it('cannot remove the last member, and says why', async () => {
    open([me]);
    await screen.findByTestId('members');
    const remove = screen.getByRole('button', { name: 'Remove Ana Pop' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const reason = 'A company keeps at least one member: invite a colleague before removing the last one.';
    expect(screen.getByText(reason)).toBeTruthy();
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    // Outside the table's sideways scroll (wider than a phone): the sentence wraps to the dialog.
    expect(screen.getByText(reason).closest('.mantine-TableScrollContainer-scrollContainer')).toBeNull();
    expect(screen.getByTestId('members').closest('.mantine-TableScrollContainer-scrollContainer')).not.toBeNull();
  });

  it('says nothing of a last member while there are two', async () => {
    open([me, ion]);
    await screen.findByTestId('members');
    expect(screen.queryByText(/at least one member/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Ana Pop' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the refusal of a removal in the confirmation, and in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    open([me, ion], { remove: [409, { message: 'O companie păstrează cel puțin un membru.' }] });
    expect(await screen.findByText('Membrii companiei Casa Verde SRL')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimină pe Ion Dinu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimină membrul' });
    expect(dialog.textContent).toContain('Sesiunile sale se încheie imediat');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimină' }));
    expect(await within(dialog).findByText('O companie păstrează cel puțin un membru.')).toBeTruthy();
  });
});
