import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration, CourierKey } from '../../../../core/api/integrations';
import { ApiError } from '../../../lib/api';
import { usePickupPoints, useWizardChoice } from '../api';
import { ChoiceStep } from './ChoiceStep';

interface Props {
  courier: CourierKey;
  providerName: string;
  companyId: number;
  setup: CompanyIntegration | undefined;
  onDone: (setup: CompanyIntegration) => void;
  onBack: () => void;
  onCancel: () => void;
}

/** Couriers' step 2: a pickup point of the account (Sameday: and one of its contact persons). */
export function PickupPointStep({ courier, providerName, companyId, setup, onDone, onBack, onCancel }: Props) {
  const { t } = useTranslation('integrations');
  const points = usePickupPoints(courier, companyId, true);
  const save = useWizardChoice(courier, companyId, 'pickup-points');
  const [pointId, setPointId] = useState<string | null>(setup?.configuration.pickup_point_id ?? null);
  const [personId, setPersonId] = useState<string | null>(setup?.configuration.contact_person_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const sameday = courier === 'sameday';
  const list = points.data?.data ?? [];
  const point = list.find((p) => p.id === pointId);
  const persons = point?.contact_persons ?? [];

  const submit = () => {
    const found: Record<string, string> = {};
    if (!pointId) found.pickup_point_id = t('errors.selectPickupPoint');
    if (sameday && !personId) found.contact_person_id = t('errors.selectContactPerson');
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    save.mutate(sameday ? { pickup_point_id: pointId, contact_person_id: personId } : { pickup_point_id: pointId }, {
      onSuccess: onDone,
      onError: (err) => {
        setError(err);
        if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([f, l]) => [f, l[0]])));
      },
    });
  };

  return (
    <ChoiceStep
      providerName={providerName}
      loading={points.isLoading}
      loadError={points.error}
      loadErrorFallback={t('errors.fetchPickupPointsError')}
      onRetry={() => void points.refetch()}
      onSubmit={submit}
      saving={save.isPending}
      saveError={error}
      saveErrorFallback={t('errors.pickupPointError')}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel={t('wizard.save')}
    >
      {list.length === 0 ? <Text c="dimmed">{t('wizard.noPickupPoints', { name: providerName })}</Text> : null}
      <Select
        label={t('field.pickupPoint')}
        placeholder={t('field.pickupPointPlaceholder')}
        required
        allowDeselect={false}
        searchable
        data={list.map((p) => ({ value: p.id, label: p.address ? `${p.name} — ${p.address}` : p.name }))}
        value={pointId}
        onChange={(v) => {
          setPointId(v);
          // Sameday: choosing a point proposes its default contact person.
          const chosen = list.find((p) => p.id === v)?.contact_persons ?? [];
          const person = sameday && !chosen.some((p) => p.id === personId) ? (chosen.find((p) => p.defaultContactPerson)?.id ?? null) : personId;
          setPersonId(person);
          setErrors(({ pickup_point_id: _p, contact_person_id: personError, ...rest }) => (person ? rest : { ...rest, ...(personError ? { contact_person_id: personError } : {}) }));
        }}
        error={errors.pickup_point_id}
        comboboxProps={{ withinPortal: true }}
      />
      {sameday ? (
        <Select
          label={t('field.contactPerson')}
          placeholder={t('field.contactPersonPlaceholder')}
          required
          allowDeselect={false}
          disabled={!point}
          data={persons.map((p) => ({ value: p.id, label: [p.name, p.position, p.phoneNumber].filter(Boolean).join(' · ') }))}
          value={personId}
          onChange={(v) => {
            setPersonId(v);
            setErrors(({ contact_person_id: _c, ...rest }) => rest);
          }}
          error={errors.contact_person_id}
        />
      ) : null}
    </ChoiceStep>
  );
}
