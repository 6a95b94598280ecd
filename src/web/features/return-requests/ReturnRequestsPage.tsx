import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../core/iban';
import { formatReturnDate, type ReturnRequest } from '../../../core/api/returnRequests';
import { ListPage } from '../../components/ListPage';
import { ApiError, withReason } from '../../lib/api';
import { useCompanyId } from '../../lib/session';
import { useReturnRequestCrud, useReturnRequestList, type ReturnFormValues } from './api';
import { emptyReturn, ReturnRequestModal, toFormValues } from './ReturnRequestModal';

/** What a failed save leaves behind: the input and the error, for the request (null = a new one). */
interface Draft {
  request: ReturnRequest | null;
  values: ReturnFormValues;
  error: ApiError;
}

/** Only the fields the server takes: the source (a name) on create, never on update. */
function toBody(values: ReturnFormValues, creating: boolean): Partial<ReturnFormValues> {
  const { source, ...fields } = values;
  return creating ? { ...fields, source } : fields;
}

/**
 * /return-requests. The spec closes the modal after every save, failed or not. So that nothing is
 * lost, a failed save keeps the input as a draft: a red notification says why (with the server's
 * field messages) and offers to reopen the form, and Add / Edit of the same request reopen it with
 * the draft, the error banner and the field errors. Cancel in the form drops the draft.
 */
export function ReturnRequestsPage() {
  const { t, i18n } = useTranslation('returnRequests');
  const list = useReturnRequestList();
  const crud = useReturnRequestCrud(list);
  // undefined: closed; null: adding; a request: editing.
  const [editing, setEditing] = useState<ReturnRequest | null | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | null>(null);
  const unknown = t('errors.unknown');
  // A draft belongs to the company it was typed in.
  const companyId = useCompanyId();
  useEffect(() => setDraft(null), [companyId]);

  const shown = useMemo(
    () => ({
      ...list,
      error: list.error ? withReason(list.error, (reason) => t('errors.fetch', { reason }), unknown) : null,
    }),
    [list, t, unknown],
  );

  const open = (request: ReturnRequest | null) => setEditing(request);
  const draftFor = (request: ReturnRequest | null | undefined): Draft | null =>
    draft && request !== undefined && (draft.request?.id ?? null) === (request?.id ?? null) ? draft : null;
  const current = draftFor(editing);

  const submit = async (values: ReturnFormValues) => {
    if (crud.isSaving || editing === undefined) return;
    const request = editing;
    try {
      await crud.save(request?.id ?? null, toBody(values, request === null));
      setDraft(null);
      notifications.show({ color: 'green', message: request ? t('updated') : t('created') });
    } catch (e) {
      const error = withReason(e, (reason) => t(request ? 'errors.update' : 'errors.create', { reason }), unknown);
      setDraft({ request, values, error });
      const id = `return-save-failed-${Date.now()}`;
      const fieldMessages = Object.values(error.errors).flat();
      notifications.show({
        id,
        color: 'red',
        title: error.message,
        autoClose: 15000,
        message: (
          <Stack gap={6} align="flex-start">
            {fieldMessages.length ? (
              <List size="sm">
                {fieldMessages.map((m, i) => (
                  <List.Item key={i}>{m}</List.Item>
                ))}
              </List>
            ) : null}
            <Text size="sm">{t('keptDraft')}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                notifications.hide(id);
                open(request);
              }}
            >
              {t('reopen')}
            </Button>
          </Stack>
        ),
      });
    } finally {
      // Spec: on a returns save the modal closes regardless of the result.
      setEditing(undefined);
    }
  };

  return (
    <>
      <ListPage<ReturnRequest>
        texts="returnRequests"
        list={shown}
        onAdd={() => open(null)}
        columns={[
          {
            key: 'full_name',
            header: t('col.fullName'),
            render: (r) => (
              <>
                <Text fw={500}>{r.full_name}</Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatIban(r.iban)}
                </Text>
              </>
            ),
          },
          {
            key: 'contact',
            header: t('col.contact'),
            render: (r) => (
              <>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {r.phone_number}
                </Text>
                {r.email ? (
                  <Anchor size="sm" href={`mailto:${r.email}`}>
                    {r.email}
                  </Anchor>
                ) : null}
              </>
            ),
          },
          { key: 'source', header: t('col.source'), render: (r) => r.source?.source ?? t('unknownSource') },
          {
            key: 'created_at',
            header: t('col.date'),
            render: (r) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatReturnDate(r.created_at, i18n.language)}
              </Text>
            ),
          },
        ]}
        onEdit={(r) => open(r)}
        onDelete={async (r) => {
          try {
            await crud.remove.mutateAsync(r.id);
          } catch (e) {
            throw withReason(e, (reason) => t('errors.delete', { reason }), unknown);
          }
          if (draft?.request?.id === r.id) setDraft(null);
        }}
        deleteMessage={(r) => t('deleteMessage', { name: r.full_name })}
      />
      <ReturnRequestModal
        opened={editing !== undefined}
        request={editing ?? null}
        initial={current ? current.values : editing ? toFormValues(editing) : emptyReturn()}
        initialError={current?.error ?? null}
        onClose={() => {
          // Cancel: the user gives up this input.
          if (current) setDraft(null);
          setEditing(undefined);
        }}
        onSubmit={(values) => void submit(values)}
        saving={crud.isSaving}
      />
    </>
  );
}
