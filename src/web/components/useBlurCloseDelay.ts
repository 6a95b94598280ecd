import { useEffect, useRef, useState } from 'react';

/** Spec: a select whose field loses the focus closes its list 150 ms later, not at once. */
export const SELECT_BLUR_CLOSE_MS = 150;

/**
 * Props for a Mantine Select whose list closes 150 ms after the field loses the focus (a choice,
 * Escape or a second click still close it at once). Spread them on the Select:
 * `<Select {...useBlurCloseDelay()} … />`.
 */
export function useBlurCloseDelay() {
  const [opened, setOpened] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    ref: input,
    dropdownOpened: opened,
    onDropdownOpen: () => {
      clearTimeout(timer.current);
      setOpened(true);
    },
    onDropdownClose: () => {
      clearTimeout(timer.current);
      // Mantine closes the list in the field's blur handler, when the focus has already left it.
      const focusLeft = typeof document !== 'undefined' && document.activeElement !== input.current;
      if (focusLeft) timer.current = setTimeout(() => setOpened(false), SELECT_BLUR_CLOSE_MS);
      else setOpened(false);
    },
  };
}
