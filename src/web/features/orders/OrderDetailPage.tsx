import { Box, Grid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CompanyRequired, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { useUrlDialog } from '../../components/useUrlDialog';
import { errorMessage, isNotFound } from '../../lib/api';
import { useCompanyId } from '../../lib/session';
import { useOrder, useOrderActions } from './api';
import { useOrdersFollowRunningJob } from './bulk/api';
import { AddressCheckPanel } from './detail/AddressCheckPanel';
import { AttentionPanel } from './list/AttentionTab';
import { CompanySection } from './detail/CompanySection';
import { CustomerSection } from './detail/CustomerSection';
import { translate } from '../../../core/messages';
import { contentsLock } from '../../../core/orders/eligibility';
import { DiscountsSection } from './detail/DiscountsSection';
import { DocumentsSection } from './detail/DocumentsSection';
import { notifyDone, notifyFailed } from './shared/feedback';
import { HistorySection } from './detail/HistorySection';
import { OrderHeader } from './detail/OrderHeader';
import { ProductsSection } from './detail/ProductsSection';
import { SmsSection } from './detail/SmsSection';
import { SummarySection } from './detail/SummarySection';
import { AddDiscountDialog } from './dialogs/AddDiscountDialog';
import { AddProductDialog } from './dialogs/AddProductDialog';
import { FlagDialog } from './dialogs/FlagDialog';
import { flaggedByUs } from './badges/flags';
import type { Order } from '../../../core/api/orders';
import { FROM_PAGE_PARAM, pageNumber, paths } from '../../lib/paths';

/** A positive whole id from the route, else null. */
const parseId = (raw: string | undefined): number | null =>
  raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/** /orders/{id}: everything about one order; every change refetches it. */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const orderId = parseId(id);
  const companyId = useCompanyId();
  const [params] = useSearchParams();
  const backTo = paths.orders({ page: pageNumber(params.get(FROM_PAGE_PARAM)) });
  const order = useOrder(orderId);
  // A bulk job started from the orders list and still running: the order is fetched again as it moves on.
  useOrdersFollowRunningJob();

  if (companyId === null || orderId === null)
    return (
      <>
        <PageHeader title={t('common:nav.orderDetail')} />
        {companyId === null ? <CompanyRequired /> : <ErrorState message={t('errors.orderIdRequired')} />}
      </>
    );
  if (order.isLoading) return <LoadingState />;
  const failed =
    order.error || !order.data ? (
      <ErrorState
        message={isNotFound(order.error) ? t('detail.notFound') : errorMessage(order.error, t('errors.fetchOne'))}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    ) : null;
  if (!order.data || isNotFound(order.error))
    return (
      <>
        <PageHeader title={t('detail.title', { id: orderId })} />
        {failed}
      </>
    );
  // A refetch that failed (after a change, the server out of reach) keeps the order and its open
  // dialog on screen, with what was typed in it: the panel says so above it.
  return (
    <>
      {failed ? <Box mb="md">{failed}</Box> : null}
      <OrderDetail order={order.data} backTo={backTo} companyId={companyId} />
    </>
  );
}

function OrderDetail({ order, backTo, companyId }: { order: Order; backTo: string; companyId: number }) {
  const { t, i18n } = useTranslation('orders');
  const actions = useOrderActions(order.id);
  const cancelDialog = useUrlDialog('cancel');
  const restoreDialog = useUrlDialog('restore');
  const flagDialog = useUrlDialog('flag');
  const unflagDialog = useUrlDialog('unflag');
  const addProduct = useUrlDialog('add-product');
  const addDiscount = useUrlDialog('add-discount');
  // The cancel flow: the confirmation, then (unless this company already flagged the customer) flag or skip.
  const [cancelStep, setCancelStep] = useState<'confirm' | 'flag'>('confirm');
  const [statusError, setStatusError] = useState<string | null>(null);
  useEffect(() => {
    setCancelStep('confirm');
    setStatusError(null);
  }, [cancelDialog.opened, restoreDialog.opened, unflagDialog.opened]);

  const customerId = order.customer_detail?.customer_id ?? null;
  const flag = (id: number, reason: string) => actions.flag.mutateAsync({ customerId: id, reason });
  const cancelOrder = () => actions.cancel.mutateAsync(undefined);

  const confirmCancel = async () => {
    if (!flaggedByUs(order.customer_detail?.flags, companyId)) {
      setCancelStep('flag');
      return;
    }
    try {
      await cancelOrder();
      notifyDone(t('detail.cancelled'));
      cancelDialog.close();
    } catch (e) {
      setStatusError(errorMessage(e, t('errors.cancel')));
    }
  };
  const confirmUnflag = async () => {
    if (customerId === null) return;
    try {
      await actions.unflag.mutateAsync(customerId);
      notifyDone(t('customer.unflagged'));
      unflagDialog.close();
    } catch (e) {
      setStatusError(errorMessage(e, t('errors.flag')));
    }
  };
  const confirmRestore = async () => {
    try {
      await actions.restore.mutateAsync(undefined);
      notifyDone(t('detail.restored'));
      restoreDialog.close();
    } catch (e) {
      setStatusError(errorMessage(e, t('errors.restore')));
    }
  };

  // Products and discounts are fixed once an invoice or an AWB was made from them (the server's rule).
  const lock = contentsLock(order);
  // The server's own words (registered with the rule in core, not part of the i18next catalogue).
  const locked = lock ? translate(i18n.language === 'ro' ? 'ro' : 'en', lock) : null;

  return (
    <>
      <OrderHeader
        order={order}
        backTo={backTo}
        onCancel={() => cancelDialog.open()}
        onRestore={() => restoreDialog.open()}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <AddressCheckPanel order={order} />
            <AttentionPanel order={order} />
            <CustomerSection
              order={order}
              actions={actions}
              onFlag={() => flagDialog.open()}
              onUnflag={() => unflagDialog.open()}
              flaggedByUs={flaggedByUs(order.customer_detail?.flags, companyId)}
            />
            <CompanySection order={order} actions={actions} />
            <ProductsSection order={order} actions={actions} onAdd={() => addProduct.open()} locked={locked} />
            <DiscountsSection order={order} actions={actions} onAdd={() => addDiscount.open()} locked={locked} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <SummarySection order={order} />
            <DocumentsSection order={order} nowSeconds={Math.floor(Date.now() / 1000)} />
            <SmsSection order={order} />
            <HistorySection order={order} />
          </Stack>
        </Grid.Col>
      </Grid>

      <ConfirmDialog
        opened={cancelDialog.opened && cancelStep === 'confirm'}
        onCancel={cancelDialog.close}
        onConfirm={() => void confirmCancel()}
        loading={actions.cancel.isPending}
        error={statusError}
        title={t('detail.cancelTitle', { id: order.id })}
        message={t('detail.cancelMessage')}
        confirmLabel={t('detail.cancelConfirm')}
        dismissLabel={t('common:actions.back')}
      />
      <FlagDialog
        opened={cancelDialog.opened && cancelStep === 'flag'}
        onClose={cancelDialog.close}
        customerId={customerId}
        onFlag={flag}
        onCancelOrder={cancelOrder}
        onDone={({ flagged, cancelled, cancelError }) => {
          if (flagged) notifyDone(t('customer.flagged'));
          if (cancelled) notifyDone(t('detail.cancelled'));
          if (cancelError) notifyFailed(cancelError, t('errors.cancel'));
          cancelDialog.close();
        }}
      />
      <ConfirmDialog
        opened={restoreDialog.opened}
        onCancel={restoreDialog.close}
        onConfirm={() => void confirmRestore()}
        loading={actions.restore.isPending}
        error={statusError}
        danger={false}
        title={t('detail.restoreTitle', { id: order.id })}
        message={t('detail.restoreMessage')}
        confirmLabel={t('detail.restoreConfirm')}
        dismissLabel={t('common:actions.back')}
      />
      <ConfirmDialog
        opened={unflagDialog.opened}
        onCancel={unflagDialog.close}
        onConfirm={() => void confirmUnflag()}
        loading={actions.unflag.isPending}
        error={statusError}
        danger={false}
        title={t('customer.unflagTitle')}
        message={t('customer.unflagMessage')}
        confirmLabel={t('customer.unflag')}
      />
      <FlagDialog
        {...flagDialog.modalProps}
        customerId={customerId}
        onFlag={async (id, reason) => {
          const result = await flag(id, reason);
          if (result === 'already') notifications.show({ color: 'blue', message: t('customer.alreadyFlagged') });
          else notifyDone(t('customer.flagged'));
        }}
        onDone={() => flagDialog.close()}
      />
      <AddProductDialog
        {...addProduct.modalProps}
        saving={actions.addProduct.isPending}
        onAdd={(productId) => actions.addProduct.mutateAsync({ productId, quantity: 1 })}
      />
      <AddDiscountDialog
        {...addDiscount.modalProps}
        lines={order.order_products ?? []}
        saving={actions.addDiscount.isPending}
        onAdd={(body) => actions.addDiscount.mutateAsync(body)}
      />
    </>
  );
}
