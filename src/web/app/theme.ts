import { createTheme } from '@mantine/core';
import { foldedOptionsFilter } from '../lib/optionsFilter';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // A dropdown opens on click, typing or arrow keys, never because the focus arrived (Tab, a modal opening).
  // Plain objects, not `Select.extend(...)` (which only returns its argument): naming the components
  // here would make the sign-in page download MultiSelect and Autocomplete, which it never shows.
  // Every select's search ignores diacritics, case and word order, as the server's searches do.
  components: {
    Select: { defaultProps: { openOnFocus: false, filter: foldedOptionsFilter } },
    MultiSelect: { defaultProps: { openOnFocus: false, filter: foldedOptionsFilter } },
    Autocomplete: { defaultProps: { openOnFocus: false, filter: foldedOptionsFilter } },
  },
});
