import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, shownRange } from '../../core/pagination';
import { errorMessage } from '../lib/api';
import { useCompanyId } from '../lib/session';
import { ConfirmDialog } from './ConfirmDialog';
import { ListPagination } from './ListPagination';
import { useListTexts } from './listTexts';
import { CompanyRequired, EmptyState, ErrorState, LoadingState, PageHeader } from './states';
import type { ListController } from './useList';

export interface Column<T> {
  /** Unique per table; also the field shown when there is no render. */
  key: string;
  header: ReactNode;
  render?: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Keep the cell on one line (SKUs, dates, amounts): the table scrolls instead of wrapping it. */
  nowrap?: boolean;
}

/** Phones: the table scrolls sideways with this hint, the actions column stays pinned on the right. */
export const PHONE_QUERY = '(max-width: 48em)';
const pinnedRight = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.3)',
} as const;

/** The style of an actions cell: pinned on the right on phones (use it in afterRow rows too). */
export function usePinnedActions(): typeof pinnedRight | undefined {
  return useMediaQuery(PHONE_QUERY, false) ? pinnedRight : undefined;
}

export interface ListPageProps<T> {
  list: ListController<T>;
  columns: Column<T>[];
  /**
   * Where the standard texts live: 'sources' (namespace) or 'discounts:order' (namespace and key
   * prefix). ListPage then reads title, add, searchPlaceholder, errors.fetch, empty, deleted and
   * errors.delete from there; an explicit prop below wins over the namespace.
   */
  texts?: string;
  /**
   * Row selection: a checkbox column and, once rows are chosen, a bar with these actions on them.
   * `clear()` empties the selection (call it after a bulk action succeeded). The selection is
   * emptied when the page, the page size, the search or the company changes.
   */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** Accessible name of a row's checkbox, e.g. (o) => t('selectOrder', { number: o.number }). */
  selectLabel?: (row: T) => string;
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
  const {
    list,
    columns,
    onAdd,
    onEdit,
    onDelete,
    deleteMessage,
    rowActions,
    afterRow,
    rowKey = defaultKey,
    toolbar,
    searchable = true,
    bulkActions,
    selectLabel,
  } = props;
  const { t } = useTranslation('common');
  const std = useListTexts(props.texts);
  const title = props.title ?? std.title;
  const addLabel = props.addLabel ?? std.add;
  const searchPlaceholder = props.searchPlaceholder ?? std.searchPlaceholder;
  const errorFallback = props.errorFallback ?? std.fetchError;
  const deletedMessage = props.deletedMessage ?? std.deleted;
  const deleteErrorFallback = props.deleteErrorFallback ?? std.deleteError;
  const empty = props.empty ?? (std.empty ? <EmptyState title={std.empty} /> : undefined);
  const selection = useSelection(list, rowKey, Boolean(bulkActions));
  const pin = usePinnedActions();
  const phone = pin !== undefined;
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
  // A bounded total is a floor, not the end: the page is full unless it is the last one.
  const range = shownRange(
    list.meta?.current_page ?? page,
    perPage,
    list.meta?.total_exact === false ? Number.MAX_SAFE_INTEGER : total,
  );

  let body: ReactNode;
  if (list.companyMissing) body = <CompanyRequired />;
  else if (list.isLoading) body = <LoadingState />;
  else if (list.error)
    body = (
      <ErrorState message={errorMessage(list.error, errorFallback ?? t('list.fetchFailed'))} onRetry={list.refetch} />
    );
  else
    body = (
      // On a phone the table is wider than the screen on purpose: names get room, the rest scrolls.
      <Table.ScrollContainer minWidth={phone ? 760 : 640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {bulkActions ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('list.selectAll')}
                    checked={selection.all}
                    indeterminate={selection.some && !selection.all}
                    disabled={list.rows.length === 0}
                    onChange={() => selection.toggleAll()}
                  />
                </Table.Th>
              ) : null}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
              {hasActions ? (
                <Table.Th ta="right" style={pin}>
                  {t('list.actions')}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (hasActions ? 1 : 0) + (bulkActions ? 1 : 0)}>
                  {empty && !list.state.search ? (
                    empty
                  ) : (
                    <Text ta="center" c="dimmed" py="md">
                      {t('list.noResults')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              list.rows.map((row) => (
                <Fragment key={rowKey(row)}>
                  <Table.Tr bg={bulkActions && selection.has(row) ? 'var(--mantine-primary-color-light)' : undefined}>
                    {bulkActions ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={selectLabel?.(row) ?? t('list.selectRow')}
                          checked={selection.has(row)}
                          onChange={() => selection.toggle(row)}
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                      </Table.Td>
                    ))}
                    {hasActions ? (
                      <Table.Td style={pin}>
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
              {searchable ? (
                <TextInput
                  aria-label={t('list.search')}
                  placeholder={searchPlaceholder ?? t('list.search')}
                  leftSection={<IconSearch size={16} />}
                  value={list.searchInput}
                  onChange={(e) => list.setSearchInput(e.currentTarget.value)}
                  style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
                  type="search"
                />
              ) : null}
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
          {bulkActions && selection.rows.length > 0 ? (
            <Group
              role="toolbar"
              aria-label={t('list.selectionBar')}
              justify="space-between"
              wrap="wrap"
              gap="sm"
              p="xs"
              bg="var(--mantine-primary-color-light)"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t('list.selected', { count: selection.rows.length })}
                </Text>
                {bulkActions(selection.rows, selection.clear)}
              </Group>
              <Button variant="subtle" size="xs" onClick={selection.clear}>
                {t('list.clearSelection')}
              </Button>
            </Group>
          ) : null}
          <div style={{ minHeight: 4 }}>
            {list.isFetching && !list.isLoading ? <Progress value={100} animated size="xs" aria-hidden /> : null}
          </div>
          {phone && list.rows.length > 0 && !list.error ? (
            <Text size="xs" c="dimmed" ta="right">
              {t('list.scrollHint')} →
            </Text>
          ) : null}
          {body}
          {/* Under "No results found" there is nothing to count: no "Showing 0 to 0 of 0". */}
          {!list.companyMissing && !list.isLoading && !list.error && total > 0 ? (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {t(list.meta?.total_exact === false ? 'list.showingMore' : 'list.showing', {
                  from: range.from,
                  to: range.to,
                  count: total,
                })}
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

/** The keys of the chosen rows of the current page; emptied when the page, size, search or company changes. */
function useSelection<T>(list: ListController<T>, rowKey: (row: T) => string | number, enabled: boolean) {
  const companyId = useCompanyId();
  const { page, perPage, search } = list.state;
  const scope = `${companyId}|${page}|${perPage}|${search}`;
  const [chosen, setChosen] = useState<{ scope: string; keys: Set<string | number> }>({ scope, keys: new Set() });
  // Another page, size, search or company: nothing is selected any more (no effect, no stale render).
  const keys = chosen.scope === scope ? chosen.keys : new Set<string | number>();
  const rows = enabled ? list.rows.filter((r) => keys.has(rowKey(r))) : [];
  const write = (next: Set<string | number>) => setChosen({ scope, keys: next });
  return {
    rows,
    has: (row: T) => keys.has(rowKey(row)),
    all: list.rows.length > 0 && rows.length === list.rows.length,
    some: rows.length > 0,
    toggle: (row: T) => {
      const next = new Set(keys);
      const k = rowKey(row);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      write(next);
    },
    toggleAll: () => write(rows.length === list.rows.length ? new Set() : new Set(list.rows.map(rowKey))),
    clear: () => write(new Set()),
  };
}
