import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { errorMessage } from '../lib/api';
import {
  PRODUCT_OPTIONS_LIMIT,
  useProductOptions,
  type ProductOption,
  type ProductOptionsMode,
} from './useProductOptions';

export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

export interface ProductSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  value: string | null;
  /** The id as a string (Select's value) and the chosen option (its product, parent, label), or null. */
  onChange: (value: string | null, option: ProductOption | null) => void;
  /** Fetch only while the form is open (default true). */
  enabled?: boolean;
  /** `top-level` (default): the list's rows; `sellable`: variations instead of their parent. */
  mode?: ProductOptionsMode;
  /** Typing asks the server (debounced) instead of filtering the first 100 in the browser. */
  serverSearch?: boolean;
  /** Ids not to offer (e.g. already in the package). */
  exclude?: ReadonlySet<number> | readonly number[];
  /** The current value when it may be beyond the first 100 (editing): kept choosable. */
  known?: { id: number; name: string; sku: string } | null;
  /** Under the select when the products failed to load (a function gets the server's reason). */
  failedText?: string | ((reason: string) => string);
  /** Under the select when the company has no product to offer. */
  noneText?: string;
  /**
   * In the dropdown when a search matches none (the typed text given): "No product matches …".
   * Without it, `noneText` is said then too.
   */
  noMatchText?: (search: string) => string;
}

const optionLabel = (name: string, sku: string) => (sku ? `${name} (${sku})` : name);

/**
 * THE product select: products of the selected company (page 1, 100 at most), searchable, each shown
 * as "Name (SKU)". It never opens its dropdown on focus. Use it in every form that picks a product.
 */
export function ProductSelect({
  value,
  onChange,
  enabled = true,
  mode = 'top-level',
  serverSearch = false,
  exclude,
  known,
  failedText,
  noneText,
  noMatchText,
  error,
  description,
  disabled,
  ...rest
}: ProductSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, PRODUCT_SEARCH_DEBOUNCE_MS);
  // The chosen option stays in the data whatever the search answers (Select writes its label in the box).
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const chosenLabel = chosen && chosen.value === value ? chosen.label : null;
  const products = useProductOptions({
    enabled,
    mode,
    search: serverSearch && debounced !== chosenLabel ? debounced : '',
  });

  const all = products.data;
  const data = useMemo(() => {
    const skip = new Set(exclude ?? []);
    const opts = (all ?? [])
      .filter((p) => !skip.has(p.id) || String(p.id) === value)
      .map((p) => ({ value: String(p.id), label: optionLabel(p.label, p.sku) }));
    const keep = (o: { value: string; label: string }) => {
      if (!opts.some((x) => x.value === o.value)) opts.unshift(o);
    };
    if (known) keep({ value: String(known.id), label: optionLabel(known.name, known.sku) });
    if (chosenLabel && value) keep({ value, label: chosenLabel });
    return opts.slice(0, PRODUCT_OPTIONS_LIMIT + 1);
  }, [all, exclude, known, value, chosenLabel]);

  const choose = (v: string | null) => {
    const option = all?.find((p) => String(p.id) === v) ?? null;
    setChosen(v && option ? { value: v, label: optionLabel(option.label, option.sku) } : null);
    onChange(v, option);
  };

  let hint = description;
  let failed: string | undefined;
  if (products.isError && failedText)
    failed = typeof failedText === 'function' ? failedText(errorMessage(products.error, '')) : failedText;
  else if (products.isSuccess && data.length === 0 && !search && noneText) hint = noneText;

  return (
    <Select
      searchable
      openOnFocus={false}
      comboboxProps={{ withinPortal: true }}
      // A search that matches none is not a company without products.
      nothingFoundMessage={search.trim() && noMatchText ? noMatchText(search.trim()) : noneText}
      {...rest}
      data={data}
      value={value}
      onChange={choose}
      {...(serverSearch
        ? { searchValue: search, onSearchChange: setSearch, filter: ({ options }) => options }
        : { onSearchChange: setSearch })}
      error={error ?? failed}
      description={hint}
      disabled={disabled || (products.isLoading && !known)}
    />
  );
}
