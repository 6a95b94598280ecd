// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { shimBrowserApis } from '../test/dom';
import { TableOrCards } from './TableOrCards';

interface Row {
  courier: string;
  owed: string;
}
const rows: Row[] = [
  { courier: 'Cargus', owed: '12.50 RON' },
  { courier: 'Total', owed: '12.50 RON' },
];
const columns = [
  { key: 'courier', header: 'Courier', render: (r: Row) => r.courier },
  { key: 'owed', header: 'Still owed', align: 'right' as const, nowrap: true, render: (r: Row) => r.owed },
];

beforeAll(shimBrowserApis);
afterEach(cleanup);

describe('TableOrCards', () => {
  it('draws a table from sm up and a card per row with each column name below it, the strong row in bold', () => {
    render(
      <MantineProvider env="test">
        <TableOrCards
          rows={rows}
          columns={columns}
          rowKey={(r) => r.courier}
          testId="sums"
          strong={(r) => r.courier === 'Total'}
        />
      </MantineProvider>,
    );
    const table = screen.getByTestId('sums');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Courier', 'Still owed']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.closest('.mantine-visible-from-sm')).not.toBeNull();
    const cards = screen.getByTestId('sums-cards');
    expect(cards.className).toContain('mantine-hidden-from-sm');
    expect(cards.children).toHaveLength(2);
    expect((cards.children[0] as HTMLElement).textContent).toBe('CourierCargusStill owed12.50 RON');
    expect(getComputedStyle(cards.children[1] as HTMLElement).fontWeight).toBe('700');
    expect(getComputedStyle(cards.children[0] as HTMLElement).fontWeight).not.toBe('700');
  });

  it('takes a card of its own', () => {
    render(
      <MantineProvider env="test">
        <TableOrCards
          rows={rows}
          columns={columns}
          rowKey={(r) => r.courier}
          cardsTestId="mine"
          card={(r) => <b>{`${r.courier}: ${r.owed}`}</b>}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('mine').textContent).toBe('Cargus: 12.50 RONTotal: 12.50 RON');
  });
});
