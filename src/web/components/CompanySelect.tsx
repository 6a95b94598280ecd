import { Select, TextInput, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCompanies } from './useCompanies';

export interface CompanySelectProps extends Omit<SelectProps, 'data'> {
  /** On edit: the record's company name, shown read-only (a record stays in its company). */
  fixed?: string;
  /** The description under the read-only name. */
  fixedHint?: ReactNode;
  /** The error shown when the user's companies could not be loaded (none by default). */
  loadError?: ReactNode;
}

/**
 * The company of a new record: a required, searchable select of the user's companies (the
 * sidebar's cached list). With `fixed` (editing) the name is shown as read-only text instead.
 * `Select` gives a string: send `Number(values.company_id)`.
 */
export function CompanySelect({ fixed, fixedHint, loadError, error, ...select }: CompanySelectProps) {
  const { companyOptions, isError } = useCompanies();
  if (fixed !== undefined)
    return <TextInput label={select.label} value={fixed} readOnly variant="filled" description={fixedHint} />;
  // allowDeselect off: picking the chosen company again must not empty a required field.
  return (
    <Select
      required
      searchable
      allowDeselect={false}
      data={companyOptions}
      error={error ?? (isError ? loadError : undefined)}
      comboboxProps={{ withinPortal: true }}
      {...select}
    />
  );
}
