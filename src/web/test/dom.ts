import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** jsdom lacks the browser APIs Mantine reads (matchMedia, ResizeObserver): harmless stand-ins. */
export function shimBrowserApis(): void {
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Component tests: the browser stand-ins plus i18next with the namespaces under test. */
export async function prepareDom(resources: Resource, defaultNS: string): Promise<void> {
  shimBrowserApis();
  await i18n.use(initReactI18next).init({ lng: 'en', resources, defaultNS });
}
