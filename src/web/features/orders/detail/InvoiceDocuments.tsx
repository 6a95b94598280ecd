import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDocument } from '../../../../core/api/invoices';
import { saveFile } from '../../../lib/download';
import { formatAmount, formatDate } from '../../../lib/format';
import { printPdf } from '../../../lib/printPdf';
import { orderPdf } from '../api';
import { documentFailure, fallbackFileName, printFailure } from '../shared/documents';

/**
 * Every document SmartBill issued for the order, oldest first: the invoice and each storno document
 * with its number, date and signed amount, each downloadable and printable on its own (a storno
 * document is a tax document of its own, not a line of history).
 */
export function InvoiceDocuments({ orderId, documents }: { orderId: number; documents: InvoiceDocument[] }) {
  const { t, i18n } = useTranslation('orders');
  // The document whose file is being fetched: its buttons spin and a second click is ignored.
  const [fetching, setFetching] = useState<string | null>(null);
  if (documents.length === 0) return null;
  const notifyError = (message: string) => notifications.show({ color: 'red', message });
  const fetchFile = (d: InvoiceDocument) => orderPdf.invoiceDocument(orderId, d.id);
  const run = async (key: string, work: () => Promise<void>) => {
    if (fetching) return;
    setFetching(key);
    try {
      await work();
    } finally {
      setFetching(null);
    }
  };
  const download = (d: InvoiceDocument, number: string) =>
    run(`download-${d.id}`, async () => {
      try {
        const file = await fetchFile(d);
        saveFile(file.blob, file.filename ?? fallbackFileName('invoice', number));
      } catch (e) {
        notifyError(documentFailure(e, t('errors.invoiceDownload')));
      }
    });
  const print = (d: InvoiceDocument) =>
    run(`print-${d.id}`, async () => {
      try {
        await printPdf(() => fetchFile(d).then((f) => f.blob), {
          message: (stage, cause) => printFailure('invoice', stage, cause, t),
        });
      } catch (e) {
        notifyError(e instanceof Error ? e.message : t('errors.invoicePrint.print'));
      }
    });

  return (
    <Stack gap={4} data-testid="invoice-documents" aria-label={t('detail.invoiceDocuments.title')} role="list">
      <Text size="xs" fw={600} c="dimmed">
        {t('detail.invoiceDocuments.title')}
      </Text>
      {documents.map((d) => {
        const number = `${d.series} ${d.number}`;
        const kind = d.kind === 'invoice' ? 'invoice' : d.full_reversal ? 'storno' : ('partialStorno' as const);
        return (
          <Group
            key={d.id}
            gap="xs"
            wrap="wrap"
            justify="space-between"
            role="listitem"
            data-testid={`invoice-document-${d.series}-${d.number}`}
          >
            <Group gap={6} wrap="wrap">
              <Badge size="sm" variant="light" color={d.kind === 'storno' ? 'orange' : 'blue'}>
                {t(`detail.invoiceDocuments.${kind}`)}
              </Badge>
              <Text size="sm" fw={600}>
                {number}
              </Text>
              {d.kind === 'invoice' ? (
                <Badge size="xs" variant="outline" color={d.status === 'cancelled' ? 'red' : 'gray'}>
                  {t(`detail.invoiceStatus.${d.status}`)}
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {formatDate(d.issued_at, i18n.language)}
                {d.reverses ? ` · ${t('detail.invoiceDocuments.reverses', { number: d.reverses })}` : ''}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text
                size="sm"
                fw={600}
                c={d.total < 0 ? 'red' : undefined}
                style={{ whiteSpace: 'nowrap' }}
                data-testid="invoice-document-total"
              >
                {formatAmount(d.total, d.currency, i18n.language)}
              </Text>
              <Tooltip label={t('detail.invoiceDocuments.download', { number })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('detail.invoiceDocuments.download', { number })}
                  loading={fetching === `download-${d.id}`}
                  onClick={() => void download(d, number)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('detail.invoiceDocuments.print', { number })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('detail.invoiceDocuments.print', { number })}
                  loading={fetching === `print-${d.id}`}
                  onClick={() => void print(d)}
                >
                  <IconPrinter size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
