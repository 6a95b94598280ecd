import { Alert, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_ACTIONS, type BulkAction } from '../../../../core/api/orderBulk';
import { AWB_COURIERS, PACKAGE_PRESETS, type PackagePreset } from '../../../../core/api/shipping';
import { usableIntegrations, useCompanyIntegrations } from '../../../components/useCompanyIntegrations';
import { useShippingSettings } from '../../../components/useShippingSettings';
import { ApiError, errorMessage } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCompanyPackages } from '../api';
import { useStartBulk, type BulkSelection } from './api';

const COURIER_NAMES: Record<string, string> = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD', fan: 'FAN Courier' };
const SIZE_FIELDS = ['package_length', 'package_width', 'package_height', 'package_weight'] as const;
type SizeField = (typeof SIZE_FIELDS)[number];
const SIZE_LABEL: Record<SizeField, string> = {
  package_length: 'length',
  package_width: 'width',
  package_height: 'height',
  package_weight: 'weight',
};

export interface BulkBarProps {
  /** The rows chosen on this page. */
  selectedIds: number[];
  /** Rows on this page, and how many orders the list's filter matches across pages. */
  pageRows: number;
  matching: number;
  /** The list's filter as the server reads it (search, status, ...), for "all matching". */
  filter: Record<string, unknown>;
  clear: () => void;
  onStarted: (jobId: number) => void;
}

/**
 * The bar above the orders list once rows are chosen: "select all N matching" across pages (the
 * number shown before anything runs) and the action menu. Each action asks for what it needs
 * (AWBs: a courier and a package; a status) and confirms the count, then starts a job.
 */
export function BulkBar({ selectedIds, pageRows, matching, filter, clear, onStarted }: BulkBarProps) {
  const { t } = useTranslation('orderBulk');
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<BulkAction | null>(null);
  const everyRowOfPage = selectedIds.length === pageRows && pageRows > 0;
  const all = allMatching && everyRowOfPage;
  const count = all ? matching : selectedIds.length;
  const selection: BulkSelection = all ? { filter, expected: matching } : { ids: selectedIds };

  return (
    <>
      {everyRowOfPage && matching > pageRows ? (
        all ? (
          <Text size="sm" fw={600} data-testid="all-matching">
            {t('allMatchingSelected', { count: matching })}
          </Text>
        ) : (
          <Button size="xs" variant="light" onClick={() => setAllMatching(true)}>
            {t('selectAllMatching', { count: matching })}
          </Button>
        )
      ) : null}
      <Menu position="bottom-start">
        <Menu.Target>
          <Button size="xs" rightSection={<IconChevronDown size={14} />}>
            {t('actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {BULK_ACTIONS.map((a) => (
            <Menu.Item key={a} onClick={() => setAction(a)}>
              {t(`action.${a}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {action ? (
        <BulkActionModal
          action={action}
          count={count}
          selection={selection}
          onClose={() => setAction(null)}
          onStarted={(id) => {
            setAction(null);
            setAllMatching(false);
            clear();
            onStarted(id);
          }}
        />
      ) : null}
    </>
  );
}

interface ModalProps {
  action: BulkAction;
  count: number;
  selection: BulkSelection;
  onClose: () => void;
  onStarted: (jobId: number) => void;
}

function BulkActionModal({ action, count, selection, onClose, onStarted }: ModalProps) {
  const { t } = useTranslation('orderBulk');
  const start = useStartBulk();
  // One key per opened form: a second click answers the first job instead of starting another.
  const [key] = useState(newIdempotencyKey);
  const integrations = useCompanyIntegrations(action === 'awb');
  const couriers = useMemo(
    () =>
      usableIntegrations(integrations.data, 'courier').filter((i) =>
        (AWB_COURIERS as readonly string[]).includes(i.key),
      ),
    [integrations.data],
  );
  const packages = useCompanyPackages(action === 'awb');
  const [courier, setCourier] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>('preset:small');
  const [dims, setDims] = useState<Record<SizeField, number | string>>({ ...PACKAGE_PRESETS.small });
  const [content, setContent] = useState('');
  const [observations, setObservations] = useState('');
  const [status, setStatus] = useState<string | null>('cancelled');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The company's shipping defaults come first: its default courier (when set up) and package.
  const settings = useShippingSettings(action === 'awb');
  const defaultCourier = couriers.find((c) => c.key === settings.data?.default_courier)?.key ?? null;
  const chosenCourier = courier ?? defaultCourier ?? (couriers.length === 1 ? couriers[0].key : null);
  const sizeTouched = useRef(false);

  const chooseSize = (choice: string | null, byUser = true) => {
    if (byUser) sizeTouched.current = true;
    setSize(choice);
    const [kind, name] = (choice ?? '').split(':');
    if (kind === 'preset' && name in PACKAGE_PRESETS) setDims({ ...PACKAGE_PRESETS[name as PackagePreset] });
    const p = kind === 'package' ? packages.data?.find((x) => String(x.id) === name) : undefined;
    if (p)
      setDims({ package_length: p.length, package_width: p.width, package_height: p.height, package_weight: p.weight });
  };

  const defaultSize = settings.data?.default_package_id;
  useEffect(() => {
    if (sizeTouched.current || defaultSize === undefined || defaultSize === null) return;
    if (typeof defaultSize === 'string') chooseSize(`preset:${defaultSize}`, false);
    else if (packages.data?.some((p) => p.id === defaultSize)) chooseSize(`package:${defaultSize}`, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the settings or the packages arrive
  }, [defaultSize, packages.data]);

  const params = (): Record<string, unknown> => {
    if (action === 'status') return { status };
    if (action !== 'awb') return {};
    return {
      courier: chosenCourier ?? '',
      ...dims,
      package_content: content.trim() || undefined,
      observations: observations.trim() || undefined,
    };
  };

  const submit = async () => {
    // A size whose text is no number (NaN) keeps its message in its field: nothing is started.
    if (action === 'awb' && Object.values(dims).some((v) => Number.isNaN(v))) return;
    setErrors({});
    setFailure(null);
    try {
      const job = await start.mutateAsync({ request: { action, selection, params: params() }, key });
      onStarted(job.id);
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      setFailure(errorMessage(e, t('errors.start')));
      notifications.show({ color: 'red', message: errorMessage(e, t('errors.start')) });
    }
  };

  const err = (f: string) => errors[f]?.join(' ');
  return (
    <Modal opened onClose={onClose} title={t('confirm.title', { action: t(`action.${action}`), count })}>
      <Stack>
        <Text size="sm">{t('confirm.body')}</Text>
        {action === 'awb' ? (
          <>
            {integrations.isSuccess && couriers.length === 0 ? (
              <Alert color="yellow">{t('awb.noCourier')}</Alert>
            ) : null}
            <Select
              label={t('awb.courier')}
              allowDeselect={false}
              data={[...couriers]
                .sort((a, b) => Number(b.key === defaultCourier) - Number(a.key === defaultCourier))
                .map((c) => ({
                  value: c.key,
                  label: `${COURIER_NAMES[c.key] ?? c.key}${c.emulated ? ` (${t('awb.emulated')})` : ''}`,
                }))}
              value={chosenCourier}
              onChange={setCourier}
              error={err('courier')}
            />
            <Select
              label={t('awb.size')}
              allowDeselect={false}
              value={size}
              onChange={(v) => chooseSize(v)}
              data={[
                ...Object.keys(PACKAGE_PRESETS).map((p) => ({ value: `preset:${p}`, label: t(`awb.presets.${p}`) })),
                ...(packages.data ?? []).map((p) => ({ value: `package:${p.id}`, label: p.name })),
              ]}
            />
            <Group grow>
              {SIZE_FIELDS.map((f) => (
                <NumberField
                  key={f}
                  label={t(`awb.${SIZE_LABEL[f]}`)}
                  value={dims[f]}
                  scale={2}
                  onChange={(v) => setDims((d) => ({ ...d, [f]: v }))}
                  error={err(f)}
                />
              ))}
            </Group>
            <TextInput label={t('awb.content')} value={content} onChange={(e) => setContent(e.currentTarget.value)} />
            <TextInput
              label={t('awb.observations')}
              value={observations}
              onChange={(e) => setObservations(e.currentTarget.value)}
            />
            <Text size="xs" c="dimmed">
              {t('awb.address')}
            </Text>
          </>
        ) : null}
        {action === 'status' ? (
          <Select
            label={t('status.label')}
            // Choosing the chosen status again keeps it (a Select clears it by default): a status job always has one.
            allowDeselect={false}
            value={status}
            onChange={setStatus}
            data={[
              { value: 'cancelled', label: t('status.cancelled') },
              { value: 'new', label: t('status.new') },
            ]}
            error={err('status')}
          />
        ) : null}
        {failure && Object.keys(errors).length === 0 ? <Alert color="red">{failure}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={start.isPending}>
            {t('confirm.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
