import { Checkbox, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SOURCE_MAX_LENGTH, sourceBody, sourceUpdateBody, type Source } from '../../../core/api/sources';
import { CompanySelect } from '../../components/CompanySelect';
import { fillInReason, FormModal } from '../../components/FormModal';
import { useCompanies } from '../../components/useCompanies';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import { ApiError } from '../../lib/api';
import { useCompanyId } from '../../lib/session';
import type { SourceBody } from './api';

/** The fields of this form: a refusal naming only these is told under them, once. */
const FIELDS = ['company_id', 'source', 'active'];

export interface SourceFormValues {
  company_id: string | null;
  source: string;
  active: boolean;
}

/**
 * Add (entity null) or edit a source: company, source text, active. The company starts as the one
 * selected in the sidebar; on edit it is shown read-only (a source stays in its company). Save is
 * disabled until the company and the text, both required, are given.
 */
export function SourceModal({ opened, entity: source, onClose, save, saving }: EntityModalProps<Source, SourceBody>) {
  const { t } = useTranslation('sources');
  const selectedCompanyId = useCompanyId();
  const { otherCompanyName } = useCompanies();
  const { form, editing, modal } = useModalForm({
    opened,
    entity: source,
    onClose,
    saving,
    blank: { company_id: selectedCompanyId ? String(selectedCompanyId) : null, source: '', active: true },
    toValues: (s) => ({ company_id: String(s.company_id), source: s.source, active: s.active }),
    schema: source ? sourceUpdateBody : sourceBody,
    // company_id travels as an integer (the select gives a string).
    save: (v) =>
      save(source?.id ?? null, { company_id: Number(v.company_id), source: v.source.trim(), active: v.active }),
    // A refusal whose every message sits under its field (a name the company already has) is told
    // there only: the error box repeated it. Anything else (a failure, a field not on the form) is boxed.
    onError: (e) =>
      e instanceof ApiError &&
      e.status === 422 &&
      Object.keys(e.errors).length > 0 &&
      Object.keys(e.errors).every((f) => FIELDS.includes(f))
        ? null
        : e,
    savedMessage: (v) => {
      if (source) return t('updated');
      const elsewhere = otherCompanyName(Number(v.company_id));
      return elsewhere === null ? t('created') : t('createdElsewhere', { company: elsewhere });
    },
  });

  const { values } = form;
  // Save is disabled while company or source is empty (spec), naming them beside it.
  const missing = fillInReason([!values.company_id && t('field.company'), !values.source.trim() && t('field.source')]);

  return (
    <FormModal
      {...modal}
      title={editing ? t('editTitle') : t('addTitle')}
      submitDisabled={saving}
      disabledReason={missing}
      errorFallback={editing ? t('errors.update') : t('errors.create')}
      size="md"
    >
      <CompanySelect
        fixed={source ? (source.company?.name ?? t('unknownCompany')) : undefined}
        fixedHint={t('field.companyFixed')}
        label={t('field.company')}
        placeholder={t('field.companyPlaceholder')}
        openOnFocus={false}
        value={values.company_id}
        onChange={(v) => form.setFieldValue('company_id', v)}
        error={form.errors.company_id}
        loadError={t('errors.companies')}
      />
      <TextInput
        label={t('field.source')}
        placeholder={t('field.sourcePlaceholder')}
        required
        maxLength={SOURCE_MAX_LENGTH}
        {...form.getInputProps('source')}
      />
      <Checkbox label={t('field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
