import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api';
import type { useOrderActions } from '../api';
import { notifyDone } from '../shared/feedback';

type Actions = ReturnType<typeof useOrderActions>;

/** The message of a failed apply or remove: the 422's message on `code`, else the server's own, else the fallback. */
function codeError(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.errors.code?.length) return e.errors.code.join(' ');
  return errorMessage(e, fallback);
}

/**
 * The order's coupon: a code to apply (one per order) or, once applied, its code with Remove.
 * `locked` (the reason) disables both, as every other change to the order's contents.
 */
export function CouponField({
  applied,
  actions,
  locked,
}: {
  applied: string | null;
  actions: Actions;
  locked: string | null;
}) {
  const { t } = useTranslation('orders');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = actions.applyCoupon.isPending || actions.removeCoupon.isPending;

  const apply = async () => {
    if (!code.trim()) {
      setError(t('coupon.required'));
      return;
    }
    try {
      await actions.applyCoupon.mutateAsync(code.trim());
      setCode('');
      setError(null);
      notifyDone(t('coupon.applied'));
    } catch (e) {
      setError(codeError(e, t('errors.couponApply')));
    }
  };
  const remove = async () => {
    try {
      await actions.removeCoupon.mutateAsync(undefined);
      setError(null);
      notifyDone(t('coupon.removed'));
    } catch (e) {
      setError(codeError(e, t('errors.couponRemove')));
    }
  };

  if (applied)
    return (
      <Group gap="sm" align="center" data-testid="coupon-applied">
        <Text size="sm">{t('coupon.appliedCode', { code: applied })}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => void remove()}
          loading={actions.removeCoupon.isPending}
          disabled={locked !== null || busy}
          title={locked ?? undefined}
        >
          {t('coupon.remove')}
        </Button>
        {error ? (
          <Text size="xs" c="red" role="alert" w="100%">
            {error}
          </Text>
        ) : null}
      </Group>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('coupon.label')}
          placeholder={t('coupon.placeholder')}
          size="xs"
          maxLength={64}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          disabled={locked !== null}
          style={{ flex: 1, maxWidth: 260 }}
        />
        <Button
          type="submit"
          size="xs"
          mt={22}
          loading={actions.applyCoupon.isPending}
          disabled={locked !== null || busy}
          title={locked ?? undefined}
        >
          {t('coupon.apply')}
        </Button>
      </Group>
    </form>
  );
}
