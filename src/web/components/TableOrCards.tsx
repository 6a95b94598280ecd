import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableOrCardsColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Keeps the cell on one line (amounts: "1,234.56 RON"). */
  nowrap?: boolean;
}

export interface TableOrCardsProps<T> {
  rows: readonly T[];
  columns: readonly TableOrCardsColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The table's test id. */
  testId?: string;
  /** The test id of the phone's cards (default `${testId}-cards`). */
  cardsTestId?: string;
  /** Below this width the table scrolls inside its box (from the sm breakpoint up). */
  minWidth?: number;
  /** A row set in bold (a total). */
  strong?: (row: T) => boolean;
  /** The content of a row's card on a phone; by default each column as "header: value". */
  card?: (row: T) => ReactNode;
}

/**
 * A table from the sm breakpoint up and one card per row below it: a phone (390 px) cannot show a
 * table of six or eight columns without scrolling sideways, a card shows every figure of the row
 * with its column's name.
 */
export function TableOrCards<T>(props: TableOrCardsProps<T>) {
  const { rows, columns, rowKey, testId, minWidth, strong, card } = props;
  const cardsTestId = props.cardsTestId ?? (testId ? `${testId}-cards` : undefined);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid={cardsTestId}>
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" fw={strong?.(row) ? 700 : undefined}>
            {card ? (
              card(row)
            ) : (
              <Stack gap={2}>
                {columns.map((c) => (
                  <Group key={c.key} justify="space-between" wrap="nowrap" gap="xs" align="baseline">
                    <Text component="div" size="sm" c="dimmed" fw="inherit">
                      {c.header}
                    </Text>
                    <Text
                      component="div"
                      size="sm"
                      fw="inherit"
                      ta="right"
                      style={c.nowrap ? nowrap : { overflowWrap: 'anywhere' }}
                    >
                      {c.render(row)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={minWidth ?? 0} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} fw={strong?.(row) ? 700 : undefined}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align} style={c.nowrap ? nowrap : undefined}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
