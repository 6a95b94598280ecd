import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { ProductSelect } from '../../../components/ProductSelect';
import type { ProductOption } from '../../../components/useProductOptions';
import { ApiError } from '../../../lib/api';
import { notifyDone } from '../shared/feedback';

/**
 * Add a product to the order: a product select (name and SKU, variations instead of their parent)
 * and Save. A product already in the order gets one more on its line (the server adds to it).
 */
export function AddProductDialog({
  opened,
  onClose,
  onAdd,
  saving,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (productId: number) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('orders');
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (opened) {
      setPicked(null);
      setError(null);
    }
  }, [opened]);

  const submit = async () => {
    if (!picked) {
      setError(new ApiError(422, t('lines.pickProduct')));
      return;
    }
    setError(null);
    try {
      await onAdd(picked.id);
      notifyDone(t('lines.added'));
      onClose();
    } catch (e) {
      setError(e);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('lines.addTitle')}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
      errorFallback={t('errors.product')}
      disabledReason={picked ? undefined : t('common:form.choose', { fields: t('form.product') })}
      size="md"
    >
      <ProductSelect
        enabled={opened}
        mode="sellable"
        serverSearch
        data-autofocus
        label={t('form.product')}
        placeholder={t('form.productPlaceholder')}
        value={picked ? String(picked.id) : null}
        onChange={(_, option) => setPicked(option)}
        failedText={(reason) => t('errors.products', { reason })}
        noneText={t('form.noProducts')}
        noMatchText={(search) => t('form.noProductMatch', { search })}
      />
    </FormModal>
  );
}
