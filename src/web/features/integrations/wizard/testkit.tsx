import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessages } from '../../../../core/messages';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import integrations from '../i18n';

/** The wizard steps' component tests: i18n, a signed-in user in company 5, fetch restored after each. */
export function setUpWizardTests(): void {
  beforeAll(async () => {
    await prepareDom(
      { en: { common: common.en, integrations: integrations.en, server: serverMessages.en } },
      'integrations',
    );
  });
  beforeEach(() => {
    session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 5, name: 'Firma' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** An answer of the server as fetch returns it. */
export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders a step with Mantine (no transitions) and a query client that does not retry. */
export function renderStep(step: ReactNode): void {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={qc}>{step}</QueryClientProvider>
    </MantineProvider>,
  );
}
