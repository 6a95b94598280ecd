import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CourierKey, PickupPoint } from '../../../../core/api/integrations';
import { ChoiceStep, type StepProps } from './ChoiceStep';

type Field = 'pickup_point_id' | 'contact_person_id';

/** Couriers' step 2: a pickup point of the account (Sameday: and one of its contact persons). */
export function PickupPointStep({ courier, setup, ...step }: StepProps & { courier: CourierKey }) {
  const { t } = useTranslation('integrations');
  const sameday = courier === 'sameday';
  return (
    <ChoiceStep<PickupPoint, Field>
      {...step}
      wizardKey={courier}
      step="pickup-points"
      initial={{
        pickup_point_id: setup?.configuration.pickup_point_id ?? null,
        contact_person_id: setup?.configuration.contact_person_id ?? null,
      }}
      check={(v) => ({
        ...(v.pickup_point_id ? {} : { pickup_point_id: t('errors.selectPickupPoint') }),
        ...(sameday && !v.contact_person_id ? { contact_person_id: t('errors.selectContactPerson') } : {}),
      })}
      body={(v) => (sameday ? v : { pickup_point_id: v.pickup_point_id })}
      loadErrorFallback={t('errors.fetchPickupPointsError')}
      saveErrorFallback={t('errors.pickupPointError')}
      submitLabel={t('wizard.save')}
    >
      {({ list, values, set, field }) => {
        const persons = list.find((p) => p.id === values.pickup_point_id)?.contact_persons ?? [];
        const choosePoint = (id: string | null) => {
          // Sameday: choosing a point proposes its default contact person.
          const offered = list.find((p) => p.id === id)?.contact_persons ?? [];
          const keep = offered.some((p) => p.id === values.contact_person_id);
          set({
            pickup_point_id: id,
            ...(sameday && !keep ? { contact_person_id: offered.find((p) => p.defaultContactPerson)?.id ?? null } : {}),
          });
        };
        return (
          <>
            {list.length === 0 ? (
              <Text c="dimmed">{t('wizard.noPickupPoints', { name: step.providerName })}</Text>
            ) : null}
            <Select
              label={t('field.pickupPoint')}
              placeholder={t('field.pickupPointPlaceholder')}
              searchable
              data={list.map((p) => ({ value: p.id, label: p.address ? `${p.name} — ${p.address}` : p.name }))}
              comboboxProps={{ withinPortal: true }}
              {...field('pickup_point_id')}
              onChange={choosePoint}
            />
            {sameday ? (
              <Select
                label={t('field.contactPerson')}
                placeholder={t('field.contactPersonPlaceholder')}
                disabled={!values.pickup_point_id}
                data={persons.map((p) => ({
                  value: p.id,
                  label: [p.name, p.position, p.phoneNumber].filter(Boolean).join(' · '),
                }))}
                {...field('contact_person_id')}
              />
            ) : null}
          </>
        );
      }}
    </ChoiceStep>
  );
}
