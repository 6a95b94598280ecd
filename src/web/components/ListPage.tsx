import { ActionIcon, Button, Group, Paper, Progress, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, shownRange } from '../../core/pagination';
import { errorMessage } from '../lib/api';
import { ConfirmDialog } from './ConfirmDialog';
import { ListPagination } from './ListPagination';
import { CompanyRequired, ErrorState, LoadingState, PageHeader } from './states';
import type { ListController } from './useList';

export interface Column<T> {
  /** Unique per table; also the field shown when there is no render. */
  key: string;
  header: ReactNode;
  render?: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface ListPageProps<T> {
  list: ListController<T>;
  columns: Column<T>[];
  /** Screen title; leave out to embed the list without a header. */
  title?: ReactNode;
  /** Shows an Add button in the header. */
  onAdd?: () => void;
  addLabel?: ReactNode;
  /** Shows a pencil action per row. */
  onEdit?: (row: T) => void;
  /** Shows a bin action per row: asks for confirmation, runs this, then applies the delete rule. */
  onDelete?: (row: T) => Promise<unknown>;
  /** The green notification once onDelete succeeded, e.g. t('deleted'). */
  deletedMessage?: string;
  /** The confirmation text, e.g. (row) => t('common:confirm.deleteNamed', { name: row.name }). */
  deleteMessage?: (row: T) => ReactNode;
  /** Shown when the delete fails and the server gave no message, e.g. "Failed to delete company". */
  deleteErrorFallback?: string;
  /** Extra per-row actions, rendered before edit/delete. */
  rowActions?: (row: T) => ReactNode;
  /** Rendered right after a row, e.g. the child rows of an expanded product. */
  afterRow?: (row: T) => ReactNode;
  rowKey?: (row: T) => string | number;
  /** Text of the error block when the server gave no message, e.g. "Failed to fetch companies". */
  errorFallback?: string;
  searchPlaceholder?: string;
  /** Extra controls next to the search box (filters). */
  toolbar?: ReactNode;
  /** Replaces "No results found" when there is no search (e.g. a call to action). */
  empty?: ReactNode;
  /** Shows the search box (default true; false for endpoints without search). */
  searchable?: boolean;
}

const defaultKey = (row: unknown) => (row as { id: number | string }).id;

/**
 * THE list screen: title + Add, search (500 ms debounce), page size, table, "No results found",
 * loading and red error states in place of the table, "Showing X to Y of Z results", pagination
 * (only with more than one page) and a confirmed delete. All state lives in `list` (useList).
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, columns, title, onAdd, addLabel, onEdit, onDelete, deletedMessage, deleteMessage, deleteErrorFallback, rowActions, afterRow, rowKey = defaultKey, errorFallback, searchPlaceholder, toolbar, empty, searchable = true } = props;
  const { t } = useTranslation('common');
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const hasActions = Boolean(onEdit || onDelete || rowActions);

  const confirmDelete = async () => {
    if (!toDelete || !onDelete || deleting) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete(toDelete);
      if (deletedMessage) notifications.show({ color: 'green', message: deletedMessage });
      setToDelete(null);
    } catch (e) {
      setDeleteError(errorMessage(e, deleteErrorFallback ?? t('confirm.deleteFailed')));
    } finally {
      setDeleting(false);
    }
  };

  const { page, perPage } = list.state;
  const total = list.meta?.total ?? 0;
  const lastPage = list.meta?.last_page ?? 1;
  const range = shownRange(list.meta?.current_page ?? page, perPage, total);

  let body: ReactNode;
  if (list.companyMissing) body = <CompanyRequired />;
  else if (list.isLoading) body = <LoadingState />;
  else if (list.error) body = <ErrorState message={errorMessage(list.error, errorFallback ?? t('list.fetchFailed'))} onRetry={list.refetch} />;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
              {hasActions ? <Table.Th ta="right">{t('list.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (hasActions ? 1 : 0)}>
                  {empty && !list.state.search ? empty : (
                    <Text ta="center" c="dimmed" py="md">
                      {t('list.noResults')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              list.rows.map((row) => (
                <Fragment key={rowKey(row)}>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.align}>
                        {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                      </Table.Td>
                    ))}
                    {hasActions ? (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {rowActions?.(row)}
                          {onEdit ? (
                            <Tooltip label={t('actions.edit')}>
                              <ActionIcon variant="subtle" aria-label={t('actions.edit')} onClick={() => onEdit(row)}>
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                          {onDelete ? (
                            <Tooltip label={t('actions.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('actions.delete')}
                                onClick={() => {
                                  setDeleteError(null);
                                  setToDelete(row);
                                }}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                  {afterRow?.(row)}
                </Fragment>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <>
      {title ? (
        <PageHeader title={title}>
          {onAdd ? (
            <Button leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={list.companyMissing}>
              {addLabel ?? t('actions.add')}
            </Button>
          ) : null}
        </PageHeader>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
              {searchable ? (<TextInput
                aria-label={t('list.search')}
                placeholder={searchPlaceholder ?? t('list.search')}
                leftSection={<IconSearch size={16} />}
                value={list.searchInput}
                onChange={(e) => list.setSearchInput(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
                type="search"
              />) : null}
              {toolbar}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('list.perPage')}
              </Text>
              <Select
                aria-label={t('list.perPage')}
                w={84}
                data={PAGE_SIZES.map(String)}
                value={String(perPage)}
                onChange={(v) => v && list.setPerPage(Number(v))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Group>
          <div style={{ minHeight: 4 }}>{list.isFetching && !list.isLoading ? <Progress value={100} animated size="xs" aria-hidden /> : null}</div>
          {body}
          {!list.companyMissing && !list.isLoading && !list.error ? (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {t('list.showing', { from: range.from, to: range.to, total })}
              </Text>
              <ListPagination page={page} lastPage={lastPage} onChange={list.setPage} />
            </Group>
          ) : null}
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={toDelete !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        loading={deleting}
        error={deleteError}
        message={toDelete && deleteMessage ? deleteMessage(toDelete) : undefined}
        confirmLabel={t('actions.delete')}
      />
    </>
  );
}
