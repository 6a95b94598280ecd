import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface StatusToggleProps {
  id: number | string;
  active: boolean;
  /** `useCrud(...)`: its setStatus / isTogglingStatus do the request and the list rule. */
  crud: {
    setStatus: (id: number | string, active: boolean) => Promise<unknown>;
    isTogglingStatus: (id: number | string) => boolean;
  };
  /** Accessible name naming the row, e.g. t('status.toggle', { name }). */
  ariaLabel: string;
  /** The text next to the switch: [on, off]. */
  labels: [ReactNode, ReactNode];
  /** The green notice once it is done, for the new state. */
  doneMessage: (active: boolean) => string;
  /** The red notice when it failed. */
  failedMessage: (error: unknown) => string;
}

/** The Active switch of a list row: an update with only is_active, a green or red notice after. */
export function StatusToggle({ id, active, crud, ariaLabel, labels, doneMessage, failedMessage }: StatusToggleProps) {
  const flip = () => {
    const next = !active;
    crud.setStatus(id, next).then(
      (answer) => answer !== undefined && notifications.show({ color: 'green', message: doneMessage(next) }),
      (e: unknown) => notifications.show({ color: 'red', message: failedMessage(e) }),
    );
  };
  return (
    <Switch
      checked={active}
      onChange={flip}
      disabled={crud.isTogglingStatus(id)}
      aria-label={ariaLabel}
      label={active ? labels[0] : labels[1]}
    />
  );
}
