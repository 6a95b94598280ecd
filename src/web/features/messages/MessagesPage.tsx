import { Badge, Group, Switch, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../core/api/messages';
import { countSms } from '../../../core/sms';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/states';
import { useEntityModal } from '../../components/useModalForm';
import { useMessageCrud, useMessageList, useToggleMessage } from './api';
import { MessageModal } from './MessageModal';

const TEXT_PREVIEW = 60;

/** "Message text" shortened to one line, the full text in a tooltip. */
function truncate(text: string, max = TEXT_PREVIEW): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** /messages: SMS templates of the selected company. */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const list = useMessageList();
  const crud = useMessageCrud(list);
  const toggle = useToggleMessage(list);
  const modal = useEntityModal<Message>();

  const flip = (m: Message) => {
    if (toggle.isPending) return;
    toggle.mutate(
      { id: m.id, is_active: !m.is_active },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t(m.is_active ? 'statusChanged_off' : 'statusChanged_on') }),
        onError: () => notifications.show({ color: 'red', message: t('errors.status') }),
      },
    );
  };

  return (
    <>
      <ListPage<Message>
        title={t('title')}
        list={list}
        onAdd={modal.add}
        addLabel={t('add')}
        searchPlaceholder={t('searchPlaceholder')}
        errorFallback={t('errors.fetch')}
        empty={<EmptyState title={t('empty')} />}
        columns={[
          { key: 'from', header: t('col.from'), render: (m) => <Text fw={500}>{m.from}</Text> },
          {
            key: 'text',
            header: t('col.text'),
            render: (m) => {
              const c = countSms(m.text);
              return (
                <Group gap={6} wrap="nowrap">
                  <Tooltip label={m.text} multiline w={360} openDelay={300}>
                    <Text size="sm" lineClamp={1} maw={420} style={{ minWidth: 0 }} data-testid="message-text">
                      {truncate(m.text)}
                    </Text>
                  </Tooltip>
                  {c.unicode ? (
                    <Badge size="xs" variant="light" color="violet" style={{ flexShrink: 0, overflow: 'visible' }}>
                      {t('counter.unicode')}
                    </Badge>
                  ) : null}
                  {c.parts > 1 ? (
                    <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0, overflow: 'visible' }}>
                      {c.parts} SMS
                    </Badge>
                  ) : null}
                </Group>
              );
            },
          },
          { key: 'company', header: t('col.company'), render: (m) => m.company?.name ?? t('unknownCompany') },
          { key: 'source', header: t('col.source'), render: (m) => m.source?.source ?? t('unknownSource') },
          {
            key: 'is_active',
            header: t('col.status'),
            render: (m) => (
              <Switch
                checked={m.is_active}
                onChange={() => flip(m)}
                disabled={toggle.isPending && toggle.variables?.id === m.id}
                aria-label={t('status.toggle', { from: m.from })}
                label={m.is_active ? t('status.on') : t('status.off')}
              />
            ),
          },
        ]}
        onEdit={modal.edit}
        onDelete={(m) => crud.remove.mutateAsync(m.id)}
        deletedMessage={t('deleted')}
        deleteMessage={(m) => t('deleteMessage', { from: m.from })}
        deleteErrorFallback={t('errors.delete')}
      />
      <MessageModal {...modal.props} save={crud.save} saving={crud.isSaving} />
    </>
  );
}

