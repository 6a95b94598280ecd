import { Autocomplete, createTheme, MultiSelect, Select } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // A dropdown opens on click, typing or arrow keys, never because the focus arrived (Tab, a modal opening).
  components: {
    Select: Select.extend({ defaultProps: { openOnFocus: false } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { openOnFocus: false } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { openOnFocus: false } }),
  },
});
