import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { applyServerErrors, useForm, type UseFormReturn } from '../lib/form';

/** The props of an add / edit modal opened from a list page (see useEntityModal). */
export interface EntityModalProps<E, B> {
  opened: boolean;
  /** The edited record; null when adding. */
  entity: E | null;
  onClose: () => void;
  /** Creates (id null) or updates: useCrud's `save`. */
  save: (id: number | null, body: B) => Promise<unknown>;
  saving: boolean;
}

/**
 * Which record a list page's add / edit modal shows: closed, adding or editing a row.
 * `<ListPage onAdd={modal.add} onEdit={modal.edit} …/>` and
 * `<XModal {...modal.props} save={crud.save} saving={crud.isSaving} />`.
 */
export function useEntityModal<E>() {
  // undefined: closed; null: adding; a row: editing.
  const [target, setTarget] = useState<E | null | undefined>(undefined);
  const props: Pick<EntityModalProps<E, unknown>, 'opened' | 'entity' | 'onClose'> = {
    opened: target !== undefined,
    entity: target ?? null,
    onClose: () => setTarget(undefined),
  };
  return { add: () => setTarget(null), edit: (row: E) => setTarget(row), props };
}

export interface UseModalFormOptions<V, E, A> {
  opened: boolean;
  /** The edited record; null when adding. */
  entity: E | null;
  onClose: () => void;
  /** A save runs: blocks a second submit and shows the spinner. */
  saving: boolean;
  /** The values of a new record (taken each time the modal opens). */
  blank: V;
  /** The values of an edited record. */
  toValues: (entity: E) => V;
  /** The Zod schema of src/core/api for the client check (e.g. `entity ? updateBody : createBody`). */
  schema?: z.ZodType;
  /** Sends the form (create or update); answers the server's answer. */
  save: (values: V) => Promise<A>;
  /** The green notification after a save, e.g. `entity ? t('updated') : t('created')`. */
  savedMessage: (values: V, answer: A) => string;
  /**
   * After a failed save, once the server's field errors are on the fields: answers what the error
   * box shows (default: the error itself, i.e. the server's message or FormModal's errorFallback).
   */
  onError?: (error: unknown, form: UseFormReturn<V>) => unknown;
}

/**
 * The state of an add / edit modal: the form (reset to `toValues(entity)` or `blank` and the error
 * cleared each time the modal opens) and a submit that saves, shows `savedMessage` and closes, or
 * puts the server's 422 errors on the fields and the message in the error box.
 * `modal` is the props of FormModal: `<FormModal {...modal} title=… errorFallback=…>`.
 */
export function useModalForm<V extends object, E, A = unknown>(options: UseModalFormOptions<V, E, A>) {
  const { opened, entity, onClose, saving, blank, toValues, schema, save, savedMessage, onError } = options;
  const form = useForm<V>({ initialValues: blank, schema });
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(entity ? toValues(entity) : blank);
      setError(null);
    }
    // Only when the modal opens (or shows another record): not while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, entity]);

  const onSubmit: (event?: FormEvent) => void = form.onSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    setError(null);
    try {
      const answer = await save(values);
      notifications.show({ color: 'green', message: savedMessage(values, answer) });
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
      setError(onError ? onError(e, form) : e);
    } finally {
      running.current = false;
    }
  });

  return { form, editing: entity !== null, modal: { opened, onClose, onSubmit, submitting: saving, error } };
}
