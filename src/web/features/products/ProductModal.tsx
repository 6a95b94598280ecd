import {
  Alert,
  Box,
  Checkbox,
  FileInput,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  SALE_TYPES,
  productBodyFor,
  type Product,
} from '../../../core/api/products';
import { detectImageType } from '../../../core/imageType';
import { fillInReason, FormModal } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { ProductSelect } from '../../components/ProductSelect';
import { useCompanies } from '../../components/useCompanies';
import { useModalForm } from '../../components/useModalForm';
import { serverFieldErrors } from '../../lib/form';
import { useSelectedCompany } from '../../lib/session';
import type { useProductCrud } from './api';

export interface ProductFormValues {
  company_id: string | null;
  parent_id: string | null;
  sku: string;
  name: string;
  description: string;
  sale_type: string | null;
  stock: number | string;
  selling_price: number | string;
  buying_price: number | string;
  currency: string | null;
  /** Whole percent; empty: the company's default rate (a variation: its parent's). */
  vat_rate: number | string;
}

/** What the modal edits: a new product (optionally with a preset parent) or an existing one. */
export type ProductModalTarget =
  { mode: 'create'; parent: Product | null } | { mode: 'edit'; product: Product; parent: Product | null };

function blank(companyId: number | null, parent: Product | null): ProductFormValues {
  return {
    company_id: parent ? String(parent.company_id) : companyId ? String(companyId) : null,
    parent_id: parent ? String(parent.id) : null,
    sku: parent ? `${parent.sku}-` : '',
    name: parent ? `${parent.name} ` : '',
    description: '',
    sale_type: parent?.sale_type ?? 'Bucata',
    stock: '',
    selling_price: '',
    buying_price: parent?.buying_price ?? '',
    currency: parent?.currency ?? 'RON',
    vat_rate: '',
  };
}

function fromProduct(p: Product): ProductFormValues {
  return {
    company_id: String(p.company_id),
    parent_id: p.parent_id === null ? null : String(p.parent_id),
    sku: p.sku,
    name: p.name,
    description: p.description ?? '',
    sale_type: p.sale_type,
    stock: p.stock ?? '',
    selling_price: p.selling_price ?? '',
    buying_price: p.buying_price ?? '',
    currency: p.currency,
    vat_rate: p.vat_rate ?? '',
  };
}

/** The form as multipart data: stock and selling price are left out for a product with variations (its variations have their own). */
function toFormData(v: ProductFormValues, hasVariations: boolean, image: File | null, removeImage: boolean): FormData {
  const fd = new FormData();
  const put = (k: string, value: unknown) => fd.append(k, value === null || value === undefined ? '' : String(value));
  put('company_id', v.company_id);
  put('parent_id', v.parent_id);
  put('sku', v.sku);
  put('name', v.name);
  put('description', v.description);
  put('sale_type', v.sale_type);
  if (!hasVariations) {
    put('stock', v.stock);
    put('selling_price', v.selling_price);
  }
  put('buying_price', v.buying_price);
  put('currency', v.currency);
  put('vat_rate', v.vat_rate);
  if (image) fd.append('image', image, image.name);
  else if (removeImage) put('remove_image', '1');
  return fd;
}

/**
 * Add / edit a product: company, parent (choosing one locks the company to the parent's; fixed when
 * editing), SKU, name, description, sale type, stock, prices (step 0.01), currency and an image with
 * a preview. Save is disabled without name, SKU or stock (no stock needed with variations), saying which.
 */
export function ProductModal({
  target,
  onClose,
  crud,
}: {
  target: ProductModalTarget | null;
  onClose: () => void;
  crud: ReturnType<typeof useProductCrud>;
}) {
  const { t } = useTranslation('products');
  const selected = useSelectedCompany();
  const opened = target !== null;
  const editing = target?.mode === 'edit' ? target.product : null;
  const hasVariations = Boolean(editing && editing.variations.length > 0);
  const schema = useMemo(() => productBodyFor(hasVariations), [hasVariations]);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const { form, modal } = useModalForm({
    opened,
    entity: editing,
    onClose,
    saving: crud.isSaving,
    blank: blank(selected?.id ?? null, target?.parent ?? null),
    toValues: fromProduct,
    schema,
    save: (v) => crud.save(editing?.id ?? null, toFormData(v, hasVariations, image, removeImage)),
    // companyOptions (below) also names a company missing from the list.
    savedMessage: (_v, answer): string => {
      const savedCompany = answer?.data.company_id;
      if (!editing && selected && savedCompany !== selected.id)
        return t('createdElsewhere', {
          company: companyOptions.find((c) => c.value === String(savedCompany))?.label ?? '',
        });
      return editing ? t('updated') : t('created');
    },
    // The image is no form value: its server message goes under the file input.
    onError: (e, f) => {
      const imageProblem = serverFieldErrors(e).image;
      if (imageProblem) f.setFieldError('image', imageProblem);
      return e;
    },
  });

  // The rest of the modal's state starts again each time it opens.
  useEffect(() => {
    if (!target) return;
    setImage(null);
    setImageError(null);
    setRemoveImage(false);
  }, [target]);

  const companies = useCompanies();
  // Parents are offered only for a new product without a preset parent (the parent never changes on edit).
  const parentEditable = target?.mode === 'create' && target.parent === null;

  // A preview of the chosen file, else the stored image.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  const shownImage = preview ?? (editing?.image && !removeImage ? editing.image : null);

  const { values } = form;
  const knownParent = target?.parent ?? null;

  const companyOptions = useMemo(() => {
    const opts = [...companies.companyOptions];
    if (values.company_id && !opts.some((o) => o.value === values.company_id))
      opts.unshift({
        value: values.company_id,
        label: selected?.id === Number(values.company_id) ? selected.name : `#${values.company_id}`,
      });
    return opts;
  }, [companies.companyOptions, values.company_id, selected]);

  const isVariation = values.parent_id !== null;
  const companyLocked = Boolean(editing) || isVariation;

  const chooseParent = (id: string | null, parent: Product | null) => {
    form.setFieldValue('parent_id', id);
    if (!parent) return;
    // Choosing a parent locks the company to the parent's company; a few fields start from the parent.
    form.setValues((prev) => ({
      ...prev,
      parent_id: id,
      company_id: String(parent.company_id),
      sale_type: prev.sale_type ?? parent.sale_type,
      currency: parent.currency,
      name: prev.name.trim() ? prev.name : `${parent.name} `,
      sku: prev.sku.trim() ? prev.sku : `${parent.sku}-`,
      buying_price: prev.buying_price === '' && parent.buying_price !== null ? parent.buying_price : prev.buying_price,
    }));
  };

  const chooseImage = async (file: File | null) => {
    setImageError(null);
    form.setFieldError('image', null);
    if (!file) {
      setImage(null);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setImage(null);
      setImageError(t('field.imageTooLarge'));
      return;
    }
    // The same check as the server: the type comes from the first bytes, not the name.
    const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
    if (!detectImageType(head)) {
      setImage(null);
      setImageError(t('field.imageType'));
      return;
    }
    setImage(file);
    setRemoveImage(false);
  };

  // Save is disabled without name, SKU or stock (spec; no stock needed with variations), and says
  // which beside it; a refused image keeps it disabled too, its reason under the file input.
  const missing = fillInReason([
    !values.name.trim() && t('field.name'),
    !values.sku.trim() && t('field.sku'),
    !hasVariations && String(values.stock).trim() === '' && t('field.stock'),
  ]);

  let title = t('addTitle');
  if (editing) title = editing.parent_id !== null ? t('editVariationTitle') : t('editTitle');
  else if (target?.parent) title = t('addVariationTitle', { name: target.parent.name });

  return (
    <FormModal
      {...modal}
      title={title}
      errorFallback={editing ? t('errors.update') : t('errors.create')}
      submitDisabled={imageError !== null}
      disabledReason={missing}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('field.company')}
          required
          data={companyOptions}
          value={values.company_id}
          onChange={(v) => form.setFieldValue('company_id', v)}
          error={form.errors.company_id}
          disabled={companyLocked}
          description={editing ? t('field.companyFixed') : isVariation ? t('field.companyLocked') : undefined}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <ProductSelect
          enabled={opened && parentEditable}
          serverSearch={parentEditable}
          known={knownParent}
          label={t('field.parent')}
          placeholder={t('field.parentPlaceholder')}
          value={values.parent_id}
          onChange={(id, option) => chooseParent(id, option?.product ?? null)}
          clearable={parentEditable}
          limit={100}
          failedText={t('field.parentsFailed')}
          error={form.errors.parent_id}
          disabled={!parentEditable}
          description={editing ? t('field.parentLocked') : parentEditable ? t('field.parentHint') : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('field.sku')} required maxLength={100} {...form.getInputProps('sku')} />
        <TextInput label={t('field.name')} required maxLength={255} data-autofocus {...form.getInputProps('name')} />
      </SimpleGrid>
      <Textarea
        label={t('field.description')}
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('field.saleType')}
          required
          data={SALE_TYPES.map((s) => ({ value: s, label: t(`saleTypes.${s}`) }))}
          value={values.sale_type}
          onChange={(v) => form.setFieldValue('sale_type', v)}
          error={form.errors.sale_type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberField
          label={t('field.stock')}
          required={!hasVariations}
          disabled={hasVariations}
          scale={0}
          {...form.getInputProps('stock')}
          value={hasVariations ? '' : values.stock}
        />
        <Select
          label={t('field.currency')}
          required
          data={[...CURRENCIES]}
          value={values.currency}
          onChange={(v) => form.setFieldValue('currency', v)}
          error={form.errors.currency}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField
          label={t('field.sellingPrice')}
          required={!hasVariations}
          disabled={hasVariations}
          scale={2}
          fixed
          rightSection={
            <Text size="xs" c="dimmed">
              {values.currency}
            </Text>
          }
          rightSectionWidth={44}
          {...form.getInputProps('selling_price')}
          value={hasVariations ? '' : values.selling_price}
        />
        <NumberField
          label={t('field.buyingPrice')}
          required
          scale={2}
          fixed
          rightSection={
            <Text size="xs" c="dimmed">
              {values.currency}
            </Text>
          }
          rightSectionWidth={44}
          {...form.getInputProps('buying_price')}
        />
      </SimpleGrid>
      <NumberField
        label={t('field.vatRate')}
        description={t(values.parent_id ? 'field.vatRateHintVariation' : 'field.vatRateHint')}
        scale={0}
        rightSection={
          <Text size="xs" c="dimmed">
            %
          </Text>
        }
        {...form.getInputProps('vat_rate')}
      />
      {hasVariations ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('field.hasVariations')}
        </Alert>
      ) : null}
      <Group align="flex-start" wrap="nowrap">
        <Box
          w={112}
          h={112}
          style={{
            flexShrink: 0,
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 8,
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {shownImage ? (
            <Image src={shownImage} alt={t('field.preview')} w={110} h={110} fit="contain" />
          ) : (
            <IconPhoto size={36} color="var(--mantine-color-gray-5)" aria-label={t('noImage')} />
          )}
        </Box>
        <Stack gap="xs" style={{ flex: 1 }}>
          <FileInput
            label={t('field.image')}
            placeholder={t('field.imagePlaceholder')}
            accept={IMAGE_MIME_TYPES.join(',')}
            clearable
            value={image}
            onChange={(f) => void chooseImage(f)}
            error={imageError ?? form.errors.image}
          />
          {editing?.image && !image ? (
            <Checkbox
              label={t('field.removeImage')}
              checked={removeImage}
              onChange={(e) => setRemoveImage(e.currentTarget.checked)}
            />
          ) : null}
        </Stack>
      </Group>
    </FormModal>
  );
}
