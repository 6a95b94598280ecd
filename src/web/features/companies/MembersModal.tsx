import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../core/api/companies';
import { inviteBody, type InvitationAnswer, type Member } from '../../../core/api/members';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormErrorAlert } from '../../components/FormModal';
import { ErrorState, LoadingState } from '../../components/states';
import { errorMessage } from '../../lib/api';
import { applyServerErrors, serverFieldErrors, useForm } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useInviteMember, useMembers, useRemoveMember } from './membersApi';

const blank = { email: '', first_name: '', last_name: '' };
const nameOf = (m: Pick<Member, 'first_name' | 'last_name'>) => `${m.first_name} ${m.last_name}`.trim();

/**
 * The Members section of a company: its colleagues, an invitation by e-mail and name (the one-time
 * link is shown to copy and pass on: the console sends no e-mail), and the removal of a member
 * after a confirmation. No roles: every member may do all of it. The last member cannot be removed.
 */
export function MembersModal({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('companies');
  const { user } = useSession();
  const companyId = company?.id ?? null;
  const members = useMembers(companyId);
  const invite = useInviteMember(companyId);
  const remove = useRemoveMember(companyId);
  const form = useForm({ initialValues: blank, schema: inviteBody });
  const [error, setError] = useState<unknown>(null);
  const [answer, setAnswer] = useState<InvitationAnswer | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const close = () => {
    form.reset();
    setError(null);
    setAnswer(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (invite.isPending) return;
    setError(null);
    setAnswer(null);
    invite.mutate(values, {
      onSuccess: (a) => {
        setAnswer(a);
        form.reset();
        if (!a.link) notifications.show({ color: 'green', message: t('members.added', { name: nameOf(a.member) }) });
      },
      onError: (e) => {
        // A message the form shows under its field is not repeated in the box above the button.
        const onFields = Object.keys(serverFieldErrors(e)).every((f) => f in form.values);
        const shown = applyServerErrors(form, e);
        setError(onFields && Object.keys(serverFieldErrors(e)).length > 0 ? null : shown);
      },
    });
  });

  const confirmRemove = () => {
    if (!toRemove || remove.isPending) return;
    setRemoveError(null);
    remove.mutate(toRemove.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('members.removed', { name: nameOf(toRemove) }) });
        setToRemove(null);
      },
      onError: (e) => setRemoveError(errorMessage(e, t('members.errors.remove'))),
    });
  };

  const list = members.data ?? [];
  const alone = list.length <= 1;
  return (
    <>
      <Modal
        opened={company !== null}
        onClose={close}
        title={t('members.title', { name: company?.name ?? '' })}
        size="xl"
      >
        <Stack>
          {members.isPending ? (
            <LoadingState />
          ) : members.isError ? (
            <ErrorState
              message={errorMessage(members.error, t('members.errors.fetch'))}
              onRetry={() => void members.refetch()}
              retrying={members.isFetching}
            />
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" data-testid="members">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('members.col.name')}</Table.Th>
                    <Table.Th>{t('members.col.email')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={500}>
                            {nameOf(m)}
                          </Text>
                          {m.id === user?.id ? (
                            <Badge size="sm" variant="light">
                              {t('members.you')}
                            </Badge>
                          ) : null}
                          {m.invitation_pending ? (
                            <Tooltip label={t('members.pendingHint')}>
                              <Badge size="sm" variant="light" color="yellow">
                                {t('members.pending')}
                              </Badge>
                            </Tooltip>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end">
                          <Tooltip label={alone ? t('members.lastMember') : t('members.remove', { name: nameOf(m) })}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('members.remove', { name: nameOf(m) })}
                              disabled={alone}
                              aria-describedby={alone ? 'members-last-member' : undefined}
                              onClick={() => {
                                setRemoveError(null);
                                setToRemove(m);
                              }}
                            >
                              <IconUserMinus size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {/* A disabled button shows no tooltip: the reason it cannot be pressed is written out, under
              the table and not in its sideways scroll, so a phone (390 px) reads it whole. */}
          {members.isSuccess && alone ? (
            <Text id="members-last-member" size="sm" c="dimmed">
              {t('members.lastMember')}
            </Text>
          ) : null}

          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Title order={5}>{t('members.inviteTitle')}</Title>
              <Text size="sm" c="dimmed">
                {t('members.inviteHint')}
              </Text>
              <TextInput label={t('members.field.email')} type="email" required {...form.getInputProps('email')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('members.field.first_name')} required {...form.getInputProps('first_name')} />
                <TextInput label={t('members.field.last_name')} required {...form.getInputProps('last_name')} />
              </SimpleGrid>
              <FormErrorAlert error={error} fallback={t('members.errors.invite')} />
              <Group justify="flex-end">
                <Button type="submit" loading={invite.isPending}>
                  {t('members.invite')}
                </Button>
              </Group>
            </Stack>
          </form>

          {answer?.link ? (
            <Alert
              color="green"
              title={t('members.linkTitle', { name: nameOf(answer.member) })}
              data-testid="invite-link"
            >
              <Stack gap="xs">
                <Text size="sm">
                  {t('members.linkHint', { date: formatDateTime(answer.expires_at, i18n.language) })}
                </Text>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    readOnly
                    value={answer.link}
                    aria-label={t('members.link')}
                    style={{ flex: 1 }}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton value={answer.link}>
                    {({ copied, copy }) => (
                      <Button
                        variant={copied ? 'light' : 'filled'}
                        color={copied ? 'teal' : undefined}
                        leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        onClick={copy}
                      >
                        {copied ? t('members.copied') : t('members.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={toRemove !== null}
        onCancel={() => setToRemove(null)}
        onConfirm={confirmRemove}
        loading={remove.isPending}
        error={removeError}
        title={t('members.removeTitle')}
        confirmLabel={t('members.removeConfirm')}
        message={
          toRemove?.id === user?.id
            ? t('members.removeSelfMessage', { company: company?.name ?? '' })
            : t('members.removeMessage', {
                name: toRemove ? nameOf(toRemove) : '',
                email: toRemove?.email ?? '',
                company: company?.name ?? '',
              })
        }
      />
    </>
  );
}
