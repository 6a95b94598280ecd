import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPackageItem, nextItemQuantity, type Package, type PackageProduct } from '../../../core/api/packages';
import { FormErrorAlert, WhyDisabled } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { ProductSelect } from '../../components/ProductSelect';
import { LoadingState } from '../../components/states';
import type { ProductOption } from '../../components/useProductOptions';
import { errorMessage, withReason } from '../../lib/api';
import { usePackageDetail, useSavePackageItems } from './api';

interface Line {
  product_id: number;
  quantity: number;
  product: PackageProduct;
}

/**
 * "Manage Package Items": a product picker (page 1 of the products, those already in the package
 * left out), a quantity, Add to Package, and the table of items with editable quantities and
 * remove. Save sends the whole list, which replaces the package's items.
 */
export function PackageItemsModal({ pkg, onClose }: { pkg: Package | null; onClose: () => void }) {
  const { t } = useTranslation('packages');
  const opened = pkg !== null;
  const detail = usePackageDetail(pkg?.id ?? null);
  const saveItems = useSavePackageItems();
  const [lines, setLines] = useState<Line[]>([]);
  const [productId, setProductId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ProductOption | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [error, setError] = useState<unknown>(null);

  // The package's items become the working list once per opening (a later refetch must not undo edits).
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  useEffect(() => {
    if (pkg && detail.data && detail.data.id === pkg.id && loadedFor !== pkg.id) {
      setLines(
        (detail.data.items ?? []).map((i) => ({ product_id: i.product_id, quantity: i.quantity, product: i.product })),
      );
      setLoadedFor(pkg.id);
    }
  }, [detail.data, pkg, loadedFor]);
  useEffect(() => {
    setProductId(null);
    setChosen(null);
    setQuantity(1);
    setError(null);
    if (!opened) {
      setLines([]);
      setLoadedFor(null);
    }
  }, [opened, pkg?.id]);

  const present = useMemo(() => new Set(lines.map((l) => l.product_id)), [lines]);

  const add = () => {
    if (!chosen || String(chosen.id) !== productId || quantity <= 0) return;
    setLines((prev) =>
      addPackageItem(prev, {
        product_id: chosen.id,
        quantity,
        product: { id: chosen.id, name: chosen.name, sku: chosen.sku, description: chosen.description },
      }),
    );
    setProductId(null);
    setChosen(null);
    setQuantity(1);
  };

  const save = async () => {
    if (!pkg || saveItems.isPending) return;
    setError(null);
    try {
      await saveItems.mutateAsync({
        package_id: pkg.id,
        package_items: lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
      });
      notifications.show({ color: 'green', message: t('items.saved') });
      onClose();
    } catch (e) {
      setError(withReason(e, (reason) => t('errors.items', { reason }), t('errors.unknown')));
    }
  };

  const units = lines.reduce((sum, l) => sum + l.quantity, 0);

  let body;
  if (detail.isLoading || (detail.data && loadedFor !== pkg?.id)) body = <LoadingState />;
  else if (detail.error)
    body = (
      <Alert
        color="red"
        role="alert"
        title={t('errors.fetchDetails', { reason: errorMessage(detail.error, t('errors.unknown')) })}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void detail.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  else
    body = (
      <Stack>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <ProductSelect
            mode="sellable"
            enabled={opened}
            exclude={present}
            label={t('items.product')}
            placeholder={t('items.productPlaceholder')}
            clearable
            noneText={t('items.noProducts')}
            failedText={(reason) => t('items.productsFailed', { reason: reason || t('errors.unknown') })}
            value={productId}
            onChange={(v, option) => {
              setProductId(v);
              setChosen(option);
            }}
            style={{ flex: 1, minWidth: 240 }}
          />
          <NumberField
            label={t('items.quantity')}
            w={120}
            scale={0}
            value={quantity}
            onChange={(v) => setQuantity((prev) => nextItemQuantity(prev, v))}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={!productId || quantity <= 0}>
            {t('items.add')}
          </Button>
          <WhyDisabled reason={productId ? null : t('common:form.choose', { fields: t('items.product') })} />
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('items.col.product')}</Table.Th>
                <Table.Th>{t('items.col.sku')}</Table.Th>
                <Table.Th w={130}>{t('items.col.quantity')}</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text ta="center" c="dimmed" py="sm" size="sm">
                      {t('items.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                lines.map((l) => (
                  <Table.Tr key={l.product_id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {l.product.name}
                      </Text>
                      {l.product.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {l.product.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {l.product.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberField
                        aria-label={`${t('items.col.quantity')}: ${l.product.name}`}
                        size="xs"
                        scale={0}
                        value={l.quantity}
                        onChange={(v) =>
                          setLines((prev) =>
                            prev.map((x) =>
                              x.product_id === l.product_id ? { ...x, quantity: nextItemQuantity(x.quantity, v) } : x,
                            ),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('items.remove', { name: l.product.name })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('items.remove', { name: l.product.name })}
                          onClick={() => setLines((prev) => prev.filter((x) => x.product_id !== l.product_id))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {lines.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('items.count', { count: lines.length, units })}
          </Text>
        ) : null}
      </Stack>
    );

  return (
    <Modal
      opened={opened}
      onClose={() => !saveItems.isPending && onClose()}
      title={t('items.title')}
      size="xl"
      centered
    >
      <Stack>
        {pkg ? (
          <Text size="sm" c="dimmed">
            {t('items.subtitle', { name: pkg.name })}
          </Text>
        ) : null}
        {body}
        <FormErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saveItems.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            onClick={() => void save()}
            loading={saveItems.isPending}
            disabled={detail.isLoading || Boolean(detail.error)}
          >
            {t('items.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
