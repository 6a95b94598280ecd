import { Alert, Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconDownload,
  IconFileInvoice,
  IconPrinter,
  IconReceiptRefund,
  IconTrash,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../core/api/orders';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { useCompanyIntegrations } from '../../../components/useCompanyIntegrations';
import { useUrlDialog } from '../../../components/useUrlDialog';
import { ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { formatAmount, formatDate } from '../../../lib/format';
import { printPdf } from '../../../lib/printPdf';
import { orderPdf, useDocumentActions } from '../api';
import { AwbModal } from '../dialogs/AwbModal';
import { StornoModal } from '../dialogs/StornoModal';
import { Section } from '../../../components/Section';
import { AwbCandidates } from './AwbCandidates';
import { InvoiceDocuments } from './InvoiceDocuments';
import { courierName, documentFailure, fallbackFileName, printFailure, type DocumentKind } from '../shared/documents';
import { notifyDone } from '../shared/feedback';
import { documentBlocks, type DocumentAction } from '../shared/orderView';

const INVOICE: DocumentAction[] = [
  'createInvoice',
  'downloadInvoice',
  'printInvoice',
  'cancelInvoice',
  'deleteInvoice',
  'storno',
];
const AWB: DocumentAction[] = ['createAwb', 'downloadAwb', 'printAwb', 'deleteAwb'];

const ICONS: Record<DocumentAction, ReactNode> = {
  createInvoice: <IconFileInvoice size={14} />,
  downloadInvoice: <IconDownload size={14} />,
  printInvoice: <IconPrinter size={14} />,
  cancelInvoice: <IconBan size={14} />,
  deleteInvoice: <IconTrash size={14} />,
  storno: <IconReceiptRefund size={14} />,
  createAwb: <IconTruckDelivery size={14} />,
  downloadAwb: <IconDownload size={14} />,
  printAwb: <IconPrinter size={14} />,
  deleteAwb: <IconTrash size={14} />,
};
const DANGER: readonly DocumentAction[] = ['cancelInvoice', 'deleteInvoice', 'deleteAwb'];
const CREATE: readonly DocumentAction[] = ['createInvoice', 'createAwb'];

const notifyError = (message: string) => notifications.show({ color: 'red', message });

/**
 * The invoice and AWB actions of the order detail with the spec's conditions (a disabled button's
 * tooltip says why), the create-AWB and storno modals, and confirmations before cancelling or
 * deleting an invoice and deleting an AWB. A create that waits on its provider (in flight, or its
 * answer lost and being checked) is shown as such and blocks another create.
 */
export function DocumentsSection({ order, nowSeconds }: { order: Order; nowSeconds: number }) {
  const { t, i18n } = useTranslation('orders');
  const actions = useDocumentActions(order.id);
  const integrations = useCompanyIntegrations();
  const blocks = documentBlocks(order, nowSeconds);
  const awbDialog = useUrlDialog('awb');
  const stornoDialog = useUrlDialog('storno');
  const deleteAwbDialog = useUrlDialog('delete-awb');
  const cancelInvoiceDialog = useUrlDialog('cancel-invoice');
  const deleteInvoiceDialog = useUrlDialog('delete-invoice');
  // The file being fetched (download, print): its button spins and a second click is ignored.
  const [fetching, setFetching] = useState<DocumentAction | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const numberOf = (kind: DocumentKind) => (kind === 'awb' ? order.awb : order.bill_number);

  const download = async (kind: DocumentKind, action: DocumentAction) => {
    setFetching(action);
    try {
      const file = await orderPdf[kind](order.id);
      saveFile(file.blob, file.filename ?? fallbackFileName(kind, numberOf(kind)));
    } catch (e) {
      notifyError(documentFailure(e, t(kind === 'awb' ? 'errors.awbDownload' : 'errors.invoiceDownload')));
    } finally {
      setFetching(null);
    }
  };

  const print = async (kind: DocumentKind, action: DocumentAction) => {
    setFetching(action);
    try {
      await printPdf(() => orderPdf[kind](order.id).then((f) => f.blob), {
        message: (stage, cause) => printFailure(kind, stage, cause, t),
      });
    } catch (e) {
      notifyError(e instanceof Error ? e.message : t(`errors.${kind}Print.print`));
    } finally {
      setFetching(null);
    }
  };

  const createInvoice = async () => {
    try {
      const answer = await actions.createInvoice.mutateAsync(undefined);
      notifyDone(t('docs.invoiceCreated', { number: answer.data.bill_number ?? '' }));
    } catch (e) {
      notifyError(documentFailure(e, t('errors.invoiceCreate')));
    }
  };

  /** A confirmed change: done → notice and close; failed → the reason stays in the confirmation. */
  const confirmed = async (
    work: () => Promise<unknown>,
    done: string,
    fallback: (e: unknown) => string,
    close: () => void,
  ) => {
    setConfirmError(null);
    try {
      await work();
      notifyDone(done);
      close();
    } catch (e) {
      setConfirmError(documentFailure(e, fallback(e)));
    }
  };

  const run: Record<DocumentAction, () => void> = {
    createInvoice: () => void createInvoice(),
    downloadInvoice: () => void download('invoice', 'downloadInvoice'),
    printInvoice: () => void print('invoice', 'printInvoice'),
    cancelInvoice: () => (setConfirmError(null), cancelInvoiceDialog.open()),
    deleteInvoice: () => (setConfirmError(null), deleteInvoiceDialog.open()),
    storno: () => stornoDialog.open(),
    createAwb: () => awbDialog.open(),
    downloadAwb: () => void download('awb', 'downloadAwb'),
    printAwb: () => void print('awb', 'printAwb'),
    deleteAwb: () => (setConfirmError(null), deleteAwbDialog.open()),
  };
  const loading = (a: DocumentAction) => fetching === a || (a === 'createInvoice' && actions.createInvoice.isPending);

  const buttons = (list: DocumentAction[]) => (
    <Group gap="xs" wrap="wrap">
      {list.map((a) => {
        const block = blocks[a];
        const button = (
          <Button
            size="xs"
            variant={CREATE.includes(a) && !block ? 'filled' : DANGER.includes(a) && !block ? 'light' : 'default'}
            color={DANGER.includes(a) ? 'red' : undefined}
            leftSection={ICONS[a]}
            disabled={Boolean(block)}
            loading={loading(a)}
            onClick={() => !loading(a) && run[a]()}
            style={block ? { pointerEvents: 'none' } : undefined}
          >
            {t(`detail.${a}`)}
          </Button>
        );
        return block ? (
          <Tooltip key={a} label={t(`detail.${block}`)} withArrow multiline maw={260}>
            {/* A disabled button fires no mouse events: the span carries the tooltip. */}
            <span
              data-testid={`doc-${a}`}
              data-block={block}
              tabIndex={0}
              aria-label={`${t(`detail.${a}`)}: ${t(`detail.${block}`)}`}
            >
              {button}
            </span>
          </Tooltip>
        ) : (
          <span key={a} data-testid={`doc-${a}`} data-block="none">
            {button}
          </span>
        );
      })}
    </Group>
  );

  const waiting = (state: Order['awb_state'], pending: string, unknown: string, testId: string) =>
    state ? (
      <Alert
        color={state === 'unknown' ? 'orange' : 'blue'}
        role="status"
        p="xs"
        data-testid={testId}
        icon={<Loader size={14} />}
      >
        <Text size="sm">{state === 'unknown' ? unknown : pending}</Text>
      </Alert>
    ) : null;

  const invoice = order.invoice;
  // Say when a provider of this order's documents runs on the built-in emulator (demo documents).
  const emulated = (key: string | null) => Boolean(key && integrations.data?.some((i) => i.key === key && i.emulated));
  return (
    <Section title={`${t('detail.invoice')} · ${t('detail.awb')}`} testId="documents-section">
      <Stack gap="md">
        <Stack gap={6} data-testid="invoice-block">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {order.bill_number ? t('detail.billNumber', { number: order.bill_number }) : t('detail.noInvoice')}
            </Text>
            {invoice && order.bill_number ? (
              <Badge
                variant="light"
                color={invoice.status === 'issued' ? 'green' : invoice.status === 'cancelled' ? 'red' : 'gray'}
                data-testid="invoice-status"
              >
                {t(`detail.invoiceStatus.${invoice.status}`)}
              </Badge>
            ) : null}
          </Group>
          {invoice && order.bill_number ? (
            <Text size="xs" c="dimmed">
              {t('detail.invoiceIssued', {
                date: formatDate(invoice.issued_at, i18n.language),
                total: formatAmount(invoice.total, 'RON', i18n.language),
              })}
            </Text>
          ) : null}
          {emulated('smartbill') ? (
            <Text size="xs" c="dimmed" data-testid="invoice-emulated">
              {t('detail.emulatedInvoices')}
            </Text>
          ) : null}
          {waiting(order.invoice_state, t('detail.invoicePending'), t('detail.invoiceUnknown'), 'invoice-waiting')}
          {buttons(INVOICE)}
          <InvoiceDocuments orderId={order.id} documents={order.invoice_documents ?? []} />
        </Stack>
        <Stack gap={6} data-testid="awb-block">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {order.awb ? t('detail.awbNumber', { number: order.awb }) : t('detail.noAwb')}
            </Text>
            {order.awb && order.courier_status ? <StatusBadge status={order.courier_status} /> : null}
          </Group>
          {order.awb && order.courier ? (
            <Text size="xs" c="dimmed" data-testid="awb-courier">
              {t('detail.courierOf', { courier: courierName(order.courier, t) })}
              {emulated(order.courier) ? ` · ${t('detail.emulatedCourier')}` : ''}
            </Text>
          ) : null}
          {waiting(order.awb_state, t('detail.awbPending'), t('detail.awbUnknown'), 'awb-waiting')}
          {order.awb_state === 'unknown' && order.awb_candidates?.length ? (
            <AwbCandidates
              candidates={order.awb_candidates}
              choose={(awb) => actions.resolveAwb.mutateAsync(awb)}
              saving={actions.resolveAwb.isPending}
            />
          ) : null}
          {buttons(AWB)}
        </Stack>
      </Stack>

      <AwbModal
        // Not over an order that has its AWB (a link or Back to ?action=awb); kept open while its create is being checked.
        opened={awbDialog.opened && blocks.createAwb !== 'hasAwb'}
        onClose={awbDialog.close}
        order={order}
        create={(payload) => actions.createAwb.mutateAsync(payload)}
        saving={actions.createAwb.isPending}
        onCreated={(o) => {
          notifyDone(t('docs.awbCreated', { awb: o.awb ?? '' }));
          awbDialog.close();
        }}
      />
      <StornoModal
        opened={stornoDialog.opened && (blocks.storno === null || actions.storno.isPending)}
        onClose={stornoDialog.close}
        invoice={invoice}
        billNumber={order.bill_number}
        send={(body) => actions.storno.mutateAsync(body)}
        saving={actions.storno.isPending}
        onDone={() => {
          notifyDone(t('docs.stornoDone'));
          stornoDialog.close();
        }}
      />
      <ConfirmDialog
        opened={deleteAwbDialog.opened && (blocks.deleteAwb === null || actions.deleteAwb.isPending)}
        onCancel={deleteAwbDialog.close}
        onConfirm={() =>
          void confirmed(
            () => actions.deleteAwb.mutateAsync(undefined),
            t('docs.awbDeleted'),
            (e) => (e instanceof ApiError && e.status === 404 ? t('errors.noAwbToDelete') : t('errors.awbDelete')),
            deleteAwbDialog.close,
          )
        }
        loading={actions.deleteAwb.isPending}
        error={confirmError}
        title={t('docs.deleteAwbTitle', { awb: order.awb ?? '' })}
        message={t('docs.deleteAwbMessage', { courier: courierName(order.courier, t) })}
        confirmLabel={t('docs.deleteAwbConfirm')}
      />
      <ConfirmDialog
        opened={cancelInvoiceDialog.opened && (blocks.cancelInvoice === null || actions.cancelInvoice.isPending)}
        onCancel={cancelInvoiceDialog.close}
        onConfirm={() =>
          void confirmed(
            () => actions.cancelInvoice.mutateAsync(undefined),
            t('docs.invoiceCancelled'),
            () => t('errors.invoiceCancel'),
            cancelInvoiceDialog.close,
          )
        }
        loading={actions.cancelInvoice.isPending}
        error={confirmError}
        title={t('docs.cancelInvoiceTitle', { number: order.bill_number ?? '' })}
        message={t('docs.cancelInvoiceMessage')}
        confirmLabel={t('docs.cancelInvoiceConfirm')}
        dismissLabel={t('common:actions.back')}
      />
      <ConfirmDialog
        opened={deleteInvoiceDialog.opened && (blocks.deleteInvoice === null || actions.deleteInvoice.isPending)}
        onCancel={deleteInvoiceDialog.close}
        onConfirm={() =>
          void confirmed(
            () => actions.deleteInvoice.mutateAsync(undefined),
            t('docs.invoiceDeleted'),
            () => t('errors.invoiceDelete'),
            deleteInvoiceDialog.close,
          )
        }
        loading={actions.deleteInvoice.isPending}
        error={confirmError}
        title={t('docs.deleteInvoiceTitle', { number: order.bill_number ?? '' })}
        message={t('docs.deleteInvoiceMessage')}
        confirmLabel={t('docs.deleteInvoiceConfirm')}
      />
    </Section>
  );
}
