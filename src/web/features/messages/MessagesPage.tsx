import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../core/api/messages';
import { countSms } from '../../../core/sms';
import { ListPage } from '../../components/ListPage';
import { StatusToggle } from '../../components/StatusToggle';
import { useEntityModal } from '../../components/useModalForm';
import { useMessageCrud, useMessageList } from './api';
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
  const modal = useEntityModal<Message>();

  return (
    <>
      <ListPage<Message>
        texts="messages"
        list={list}
        onAdd={modal.add}
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
                  {m.unknown_placeholders.length ? (
                    // Saved before unknown placeholders were refused: its SMS are skipped until it is corrected.
                    <Tooltip label={t('unknownHint')} multiline w={300}>
                      <Badge
                        size="xs"
                        variant="filled"
                        color="orange"
                        tt="none"
                        style={{ flexShrink: 0, overflow: 'visible' }}
                        data-testid="message-unknown-placeholders"
                      >
                        {t('unknownBadge', {
                          count: m.unknown_placeholders.length,
                          placeholders: m.unknown_placeholders.join(', '),
                        })}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              );
            },
          },
          { key: 'company', header: t('col.company'), render: (m) => m.company?.name ?? t('unknownCompany') },
          { key: 'source', header: t('col.source'), render: (m) => m.source?.source ?? t('unknownSource') },
          { key: 'event', header: t('col.event'), render: (m) => t(`event.${m.event ?? 'awb_created'}`) },
          {
            key: 'is_active',
            header: t('col.status'),
            render: (m) => (
              <StatusToggle
                id={m.id}
                active={m.is_active}
                crud={crud}
                ariaLabel={t('status.toggle', { from: m.from })}
                labels={[t('status.on'), t('status.off')]}
                doneMessage={(on) => t(on ? 'statusChanged_on' : 'statusChanged_off')}
                failedMessage={() => t('errors.status')}
              />
            ),
          },
        ]}
        onEdit={modal.edit}
        onDelete={(m) => crud.remove.mutateAsync(m.id)}
        deleteMessage={(m) => t('deleteMessage', { from: m.from })}
      />
      <MessageModal {...modal.props} save={crud.save} saving={crud.isSaving} />
    </>
  );
}
