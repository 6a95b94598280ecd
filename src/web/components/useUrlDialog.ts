import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUrlParams } from './useUrlParams';

/** The query parameter that names the open dialog: /orders/42?action=awb. */
export const ACTION_PARAM = 'action';
/** Marks the history entry this app pushed to open a dialog (closing it then goes Back). */
const OPENED_HERE = 'dialogOpenedHere';

export interface UrlDialog {
  opened: boolean;
  /** Opens the dialog: pushes ?action=<name> (plus extra parameters, e.g. { line: 5 }). */
  open: (extra?: Record<string, string | number>) => void;
  /** Closes it: Back when this page opened it, else removes the parameters in place. */
  close: () => void;
  /** A parameter of the open dialog (one given to open), or null. */
  param: (name: string) => string | null;
  /** Spread on a Modal / FormModal / ConfirmDialog-like component: { opened, onClose }. */
  modalProps: { opened: boolean; onClose: () => void };
}

/**
 * A dialog kept in the URL (`?action=<name>`), so that Back closes it, a reload keeps it open and a
 * link can open it. `extraParams` names the parameters that belong to the dialog (removed on close).
 */
export function useUrlDialog(name: string, extraParams: readonly string[] = []): UrlDialog {
  const [params] = useSearchParams();
  const writeUrl = useUrlParams();
  const location = useLocation();
  const navigate = useNavigate();
  const opened = params.get(ACTION_PARAM) === name;
  const pushedHere = Boolean((location.state as Record<string, unknown> | null)?.[OPENED_HERE]);
  const extraKey = extraParams.join('|');

  const open = useCallback(
    (extra?: Record<string, string | number>) => {
      writeUrl(
        (next) => {
          next.set(ACTION_PARAM, name);
          for (const [k, v] of Object.entries(extra ?? {})) next.set(k, String(v));
        },
        { state: { [OPENED_HERE]: true } },
      );
    },
    [name, writeUrl],
  );

  const close = useCallback(() => {
    if (!opened) return;
    // Opened by a click here: going Back removes the entry, so Forward does not reopen a closed dialog by surprise
    // and Back after closing leaves the page instead of reopening the dialog.
    if (pushedHere) {
      void navigate(-1);
      return;
    }
    // Opened from a link or a reload: remove the parameters in place.
    writeUrl(
      (next) => {
        next.delete(ACTION_PARAM);
        for (const k of extraKey ? extraKey.split('|') : []) next.delete(k);
      },
      { replace: true },
    );
  }, [opened, pushedHere, navigate, writeUrl, extraKey]);

  return { opened, open, close, param: (p) => (opened ? params.get(p) : null), modalProps: { opened, onClose: close } };
}
