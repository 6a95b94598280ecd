// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { common } from '../../../components/i18n';
import { ApiError } from '../../../lib/api';
import { prepareDom } from '../../../test/dom';
import type { useOrderActions } from '../api';
import orders from '../i18n';
import { CouponField } from './CouponField';

type Actions = ReturnType<typeof useOrderActions>;

function fakeActions(apply: (code: string) => Promise<unknown>, remove: () => Promise<unknown> = async () => ({})) {
  return {
    applyCoupon: { mutateAsync: vi.fn(apply), isPending: false },
    removeCoupon: { mutateAsync: vi.fn(remove), isPending: false },
  } as unknown as Actions;
}

function draw(props: { applied: string | null; actions: Actions; locked: string | null }) {
  return render(
    <MantineProvider env="test">
      <CouponField {...props} />
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await prepareDom({ en: { orders: orders.en, common: common.en } }, 'orders');
});
afterEach(cleanup);

describe('CouponField', () => {
  it('shows the 422 message of code under the field', async () => {
    const actions = fakeActions(async () => {
      throw new ApiError(422, 'The given data was invalid.', {
        code: ['No active coupon of the company has this code.'],
      });
    });
    draw({ applied: null, actions, locked: null });
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: ' nope ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('No active coupon of the company has this code.')).toBeTruthy());
    expect(actions.applyCoupon.mutateAsync).toHaveBeenCalledWith('nope');
    expect(screen.getByRole('textbox', { name: 'Coupon code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a code before calling the server', () => {
    const actions = fakeActions(async () => ({}));
    draw({ applied: null, actions, locked: null });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter a coupon code.')).toBeTruthy();
    expect(actions.applyCoupon.mutateAsync).not.toHaveBeenCalled();
  });

  it('a locked order (cancelled) disables the field and Apply, saying why', () => {
    draw({
      applied: null,
      actions: fakeActions(async () => ({})),
      locked: 'The order is cancelled: restore it first.',
    });
    expect((screen.getByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement).disabled).toBe(true);
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(apply.title).toBe('The order is cancelled: restore it first.');
  });

  it('an applied coupon shows its code and Remove, disabled too when locked', async () => {
    const actions = fakeActions(async () => ({}));
    draw({ applied: 'VARA10', actions, locked: null });
    expect(screen.getByText('Coupon VARA10 is applied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(actions.removeCoupon.mutateAsync).toHaveBeenCalled());
    cleanup();
    draw({ applied: 'VARA10', actions, locked: 'Locked' });
    expect((screen.getByRole('button', { name: 'Remove coupon' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
