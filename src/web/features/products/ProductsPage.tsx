import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconChevronRight,
  IconCornerDownRight,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { variationSummary, type Product } from '../../../core/api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPage, PHONE_QUERY, usePinnedActions, type Column } from '../../components/ListPage';
import { errorMessage } from '../../lib/api';
import { formatAmount } from '../../lib/format';
import { useDeleteVariation, useProductCrud, useProductList } from './api';
import { ProductModal, type ProductModalTarget } from './ProductModal';

const matches = (p: Product, term: string) => p.name.toLowerCase().includes(term) || p.sku.toLowerCase().includes(term);

function Thumb({ product }: { product: Product }) {
  const { t } = useTranslation('products');
  return (
    <Avatar src={product.image} alt={product.image ? product.name : t('noImage')} radius="sm" size={36} color="gray">
      <IconPhoto size={18} />
    </Avatar>
  );
}

/** The name column's width on a phone (see the column): 100vw less 32 px of padding, 40 of checkbox, about 160 of actions. */
const PHONE_NAME_WIDTH = 'calc(100vw - 240px)';

/**
 * The products list: top-level products with name, SKU, stock, sale price + currency and actions;
 * a parent with variations expands to show them (searching opens the parents whose variation
 * matched). Add/edit in a modal; deleting a parent says how many variations go with it.
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation('products');
  const list = useProductList();
  const crud = useProductCrud(list);
  const deleteVariation = useDeleteVariation();
  const [target, setTarget] = useState<ProductModalTarget | null>(null);
  // Rows the user opened or closed; the others follow the search (open when a variation matched).
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const [variationToDelete, setVariationToDelete] = useState<Product | null>(null);
  const [variationDeleteError, setVariationDeleteError] = useState<string | null>(null);

  const search = list.state.search.trim().toLowerCase();
  const autoOpen = useMemo(
    () => new Set(search ? list.rows.filter((p) => p.variations.some((v) => matches(v, search))).map((p) => p.id) : []),
    [list.rows, search],
  );
  const isOpen = (p: Product) => p.variations.length > 0 && (toggled.get(p.id) ?? autoOpen.has(p.id));
  const toggle = (p: Product) => setToggled((prev) => new Map(prev).set(p.id, !isOpen(p)));

  const stockCell = (p: Product): ReactNode => {
    if (p.variations.length === 0) return p.stock ?? '—';
    return (
      <Tooltip label={t('totalStockHint')}>
        <Text span c="dimmed" size="sm">
          Σ {variationSummary(p).stock}
        </Text>
      </Tooltip>
    );
  };
  const phone = useMediaQuery(PHONE_QUERY, false) ?? false;
  const priceCell = (p: Product): ReactNode => {
    if (p.variations.length === 0)
      return p.selling_price === null ? '—' : formatAmount(p.selling_price, p.currency, i18n.language);
    const { minPrice, maxPrice } = variationSummary(p);
    if (minPrice === null || maxPrice === null) return '—';
    const text =
      minPrice === maxPrice
        ? formatAmount(minPrice, p.currency, i18n.language)
        : `${formatAmount(minPrice, p.currency, i18n.language)} – ${formatAmount(maxPrice, p.currency, i18n.language)}`;
    return (
      <Tooltip label={t('priceRangeHint')}>
        <Text span c="dimmed" size="sm">
          {text}
        </Text>
      </Tooltip>
    );
  };

  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: t('col.name'),
      // A phone: the name (with its price under it) ends where the pinned Actions column begins,
      // so neither is hidden under it at the table's start; the other columns take the scroll.
      // The screen's width less the page's padding, the selection box and the actions' icons.
      width: phone ? PHONE_NAME_WIDTH : undefined,
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          {p.variations.length > 0 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => toggle(p)}
              aria-expanded={isOpen(p)}
              aria-label={isOpen(p) ? t('collapse', { name: p.name }) : t('expand', { name: p.name })}
            >
              {isOpen(p) ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
            </ActionIcon>
          ) : (
            <span style={{ width: 28, flexShrink: 0 }} />
          )}
          <Thumb product={p} />
          <div>
            <Text size="sm" fw={500}>
              {p.name}
            </Text>
            {p.variations.length > 0 ? (
              <Badge size="xs" variant="light" color="grape">
                {t('variations', { count: p.variations.length })}
              </Badge>
            ) : null}
            {/* A phone shows the price under the name: its own column is beyond the screen's edge. */}
            {phone ? (
              <Text size="xs" c="dimmed" data-testid={`phone-price-${p.id}`}>
                {priceCell(p)}
              </Text>
            ) : null}
          </div>
        </Group>
      ),
    },
    {
      key: 'sku',
      header: t('col.sku'),
      nowrap: true,
      render: (p) => (
        <Text size="sm" ff="monospace">
          {p.sku}
        </Text>
      ),
    },
    { key: 'stock', header: t('col.stock'), align: 'right', render: stockCell },
    { key: 'price', header: t('col.price'), align: 'right', nowrap: true, render: priceCell },
  ];

  const pinActions = usePinnedActions();
  const variationRows = (parent: Product): ReactNode =>
    isOpen(parent)
      ? parent.variations.map((v) => (
          <Table.Tr key={`v-${v.id}`} data-variation-of={parent.id} bg="var(--mantine-color-gray-0)">
            <Table.Td>
              <Group gap="sm" wrap="nowrap" pl={36}>
                <IconCornerDownRight size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
                <Thumb product={v} />
                <Text size="sm">{v.name}</Text>
              </Group>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" ff="monospace">
                {v.sku}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{v.stock ?? '—'}</Table.Td>
            <Table.Td ta="right">
              {v.selling_price === null ? '—' : formatAmount(v.selling_price, v.currency, i18n.language)}
            </Table.Td>
            <Table.Td style={pinActions}>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('common:actions.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('common:actions.edit')} ${v.sku}`}
                    onClick={() => setTarget({ mode: 'edit', product: v, parent })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('common:actions.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('common:actions.delete')} ${v.sku}`}
                    onClick={() => {
                      setVariationDeleteError(null);
                      setVariationToDelete(v);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))
      : null;

  const confirmVariationDelete = async () => {
    if (!variationToDelete) return;
    try {
      await deleteVariation.mutateAsync(variationToDelete.id);
      notifications.show({ color: 'green', message: t('deleted') });
      setVariationToDelete(null);
    } catch (e) {
      setVariationDeleteError(errorMessage(e, t('errors.delete')));
    }
  };

  return (
    <>
      <ListPage<Product>
        texts="products"
        list={list}
        onAdd={() => setTarget({ mode: 'create', parent: null })}
        columns={columns}
        rowActions={(p) => (
          <Tooltip label={t('addVariation')}>
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={`${t('addVariation')} ${p.sku}`}
              onClick={() => setTarget({ mode: 'create', parent: p })}
            >
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        onEdit={(p) => setTarget({ mode: 'edit', product: p, parent: null })}
        onDelete={(p) => crud.remove.mutateAsync(p.id)}
        deleteMessage={(p) =>
          p.variations.length > 0
            ? t('deleteWithVariations', { count: p.variations.length, name: p.name })
            : t('deleteMessage', { name: p.name })
        }
        afterRow={variationRows}
      />
      <ProductModal target={target} onClose={() => setTarget(null)} crud={crud} />
      <ConfirmDialog
        opened={variationToDelete !== null}
        onCancel={() => setVariationToDelete(null)}
        onConfirm={() => void confirmVariationDelete()}
        loading={deleteVariation.isPending}
        error={variationDeleteError}
        message={variationToDelete ? t('deleteMessage', { name: variationToDelete.name }) : undefined}
        confirmLabel={t('common:actions.delete')}
      />
    </>
  );
}
