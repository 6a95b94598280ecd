import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // A dropdown opens on click, typing or arrow keys, never because the focus arrived (Tab, a modal opening).
  // Plain objects, not `Select.extend(...)` (which only returns its argument): naming the components
  // here would make the sign-in page download MultiSelect and Autocomplete, which it never shows.
  components: {
    Select: { defaultProps: { openOnFocus: false } },
    MultiSelect: { defaultProps: { openOnFocus: false } },
    Autocomplete: { defaultProps: { openOnFocus: false } },
  },
});
