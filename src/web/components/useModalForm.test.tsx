// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider, TextInput } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { requiredText } from '../../core/validation';
import { ApiError } from '../lib/api';
import { session } from '../lib/session';
import { CompanySelect } from './CompanySelect';
import { FormModal } from './FormModal';
import { common } from './i18n';
import { prepareDom } from '../test/dom';
import { ListPage } from './ListPage';
import { useCrud } from './useCrud';
import { useList } from './useList';
import { useEntityModal, useModalForm, type EntityModalProps } from './useModalForm';
import { recordToasts } from '../test/toasts';

const shown = recordToasts();

interface Thing {
  id: number;
  name: string;
}
interface ThingForm {
  name: string;
}

function ThingModal({ opened, entity, onClose, save, saving }: EntityModalProps<Thing, ThingForm>) {
  const { form, editing, modal } = useModalForm({
    opened,
    entity,
    onClose,
    saving,
    blank: { name: '' },
    toValues: (t) => ({ name: t.name }),
    schema: z.object({ name: requiredText(100) }),
    save: (values) => save(entity?.id ?? null, values),
    savedMessage: () => (entity ? 'Updated' : 'Created'),
  });
  return (
    <FormModal {...modal} title={editing ? 'Edit thing' : 'Add thing'} errorFallback="Failed to save thing">
      <TextInput label="Name" {...form.getInputProps('name')} />
    </FormModal>
  );
}

function ThingsPage({ save }: { save: (id: number | null, body: ThingForm) => Promise<unknown> }) {
  const modal = useEntityModal<Thing>();
  return (
    <>
      <button onClick={modal.add}>Add</button>
      <button onClick={() => modal.edit({ id: 7, name: 'Seven' })}>Edit seven</button>
      <ThingModal {...modal.props} save={save} saving={false} />
    </>
  );
}

function renderWith(ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});

beforeEach(() => {
  shown.length = 0;
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useModalForm + useEntityModal', () => {
  it('opens blank for Add and filled for Edit; a save sends the values, notifies and closes', async () => {
    const save = vi.fn(() => Promise.resolve({ data: {} }));
    renderWith(<ThingsPage save={save} />);

    fireEvent.click(screen.getByRole('button', { name: 'Edit seven' }));
    await screen.findByText('Edit thing');
    expect(nameInput().value).toBe('Seven');
    fireEvent.change(nameInput(), { target: { value: 'Seventh' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledWith(7, { name: 'Seventh' }));
    await waitFor(() => expect(shown).toEqual([{ color: 'green', message: 'Updated' }]));
    await waitFor(() => expect(screen.queryByText('Edit thing')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Add thing');
    expect(nameInput().value).toBe('');
  });

  it('checks the schema before saving', async () => {
    const save = vi.fn(() => Promise.resolve({}));
    renderWith(<ThingsPage save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Add thing');
    fireEvent.click(saveButton());
    await waitFor(() => expect(nameInput().getAttribute('aria-invalid')).toBe('true'));
    expect(save).not.toHaveBeenCalled();
  });

  it('a refused save puts the server messages on the fields and in the box, stays open, and the box is gone on the next opening', async () => {
    const save = vi.fn(() =>
      Promise.reject(
        new ApiError(422, 'The given data was invalid.', { name: ['Name taken'], other: ['Not a field'] }),
      ),
    );
    renderWith(<ThingsPage save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Add thing');
    fireEvent.change(nameInput(), { target: { value: 'Dup' } });
    fireEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The given data was invalid.');
    expect(alert.textContent).toContain('Not a field');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(shown).toEqual([]);
    expect(screen.getByText('Add thing')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Add thing')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Add thing');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(nameInput().value).toBe('');
  });
});

describe('CompanySelect', () => {
  it("lists the user's companies, or shows the fixed company read-only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              data: [
                { id: 5, name: 'Firma' },
                { id: 6, name: 'Alta' },
              ],
              meta: {},
            }),
            { status: 200 },
          ),
        ),
      ),
    );
    renderWith(
      <>
        <CompanySelect label="Company" value="6" onChange={() => {}} />
        <CompanySelect label="Fixed company" fixed="Firma" fixedHint="Stays in its company" />
      </>,
    );
    // The select shows the chosen company's name once the list has come.
    expect(((await screen.findByDisplayValue('Alta')) as HTMLInputElement).readOnly).toBe(false);
    const fixed = screen.getByLabelText('Fixed company') as HTMLInputElement;
    expect(fixed.value).toBe('Firma');
    expect(fixed.readOnly).toBe(true);
    expect(screen.getByText('Stays in its company')).toBeTruthy();
  });
});

describe('useCrud createIn', () => {
  it("sends the chosen company's X-Company-ID with a create, the sidebar's otherwise", async () => {
    const headers: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        headers.push(new Headers(init.headers).get('X-Company-ID'));
        return Promise.resolve(new Response(JSON.stringify({ data: {} }), { status: 201 }));
      }),
    );
    let crud: ReturnType<typeof useCrud<{ company_id: number }>> | null = null;
    function Probe() {
      crud = useCrud<{ company_id: number }>({
        resource: 'thing',
        path: '/api/v1/thing',
        createIn: (b) => b.company_id,
      });
      return null;
    }
    renderWith(<Probe />);
    await act(async () => {
      await crud!.create.mutateAsync({ company_id: 9 });
      await crud!.create.mutateAsync({ company_id: 5 });
    });
    expect(headers).toEqual(['9', '5']);
  });
});

describe('ListPage deletedMessage', () => {
  it('shows the green notice once the confirmed delete succeeded', async () => {
    let rows = [{ id: 1, name: 'One' }];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') rows = [];
        return Promise.resolve(
          new Response(
            JSON.stringify({ data: rows, meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10 } }),
            { status: 200 },
          ),
        );
      }),
    );
    function Things() {
      const list = useList<Thing>({ resource: 'thing', path: '/api/v1/thing' });
      const crud = useCrud({ resource: 'thing', path: '/api/v1/thing', list });
      return (
        <ListPage<Thing>
          list={list}
          columns={[{ key: 'name', header: 'Name' }]}
          onDelete={(t) => crud.remove.mutateAsync(t.id)}
          deletedMessage="Thing deleted"
        />
      );
    }
    renderWith(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Things /> }])} />);
    await screen.findByText('One');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shown).toEqual([{ color: 'green', message: 'Thing deleted' }]));
  });
});
