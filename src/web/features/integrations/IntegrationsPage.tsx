import { Badge, Grid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_TYPES,
  isWizardKey,
  type CompanyIntegration,
  type Integration,
  type IntegrationType,
  type WizardKey,
} from '../../../core/api/integrations';
import { CompanyRequired, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { useUrlParams } from '../../components/useUrlParams';
import { errorMessage } from '../../lib/api';
import { useCompanyId } from '../../lib/session';
import { useCompanyIntegrations, useIntegrations } from './api';
import { AvailableCard } from './AvailableCard';
import { ConfiguredCard } from './ConfiguredCard';
import { IntegrationWizard } from './wizard/IntegrationWizard';

/**
 * /integrations: three tabs (courier, invoice, messaging) with "configured/available" counts; on the
 * left the integrations not fully configured (Setup / Complete configuration), on the right the
 * configured ones (enable / disable, test, delete). The tab and the open wizard live in the URL
 * (?tab=invoice&setup=smartbill), so Back closes the wizard.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const companyId = useCompanyId();
  const catalogue = useIntegrations();
  const setups = useCompanyIntegrations();
  const [params] = useSearchParams();
  const writeUrl = useUrlParams();
  const tab = (INTEGRATION_TYPES as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as IntegrationType)
    : 'courier';
  const setupKey = params.get('setup');

  if (companyId === null) {
    return (
      <>
        <PageHeader title={t('title')} />
        <CompanyRequired />
      </>
    );
  }

  const setParam = (name: string, value: string | null, replace = false) =>
    writeUrl(
      (next) => {
        if (value === null) next.delete(name);
        else next.set(name, value);
      },
      { replace },
    );

  let content;
  if (catalogue.isLoading || setups.isLoading) content = <LoadingState />;
  else if (catalogue.error || setups.error)
    content = (
      <ErrorState
        message={errorMessage(catalogue.error ?? setups.error, t('errors.fetch'))}
        onRetry={() => void Promise.all([catalogue.refetch(), setups.refetch()])}
      />
    );
  else {
    const integrations = catalogue.data ?? [];
    const byKey = new Map((setups.data ?? []).map((s) => [s.key, s]));
    content = (
      <Tabs value={tab} onChange={(v) => setParam('tab', v, true)} keepMounted={false}>
        <Tabs.List mb="md">
          {INTEGRATION_TYPES.map((type) => {
            const ofType = integrations.filter((i) => i.type === type);
            const configured = ofType.filter((i) => byKey.get(i.key)?.configured).length;
            return (
              <Tabs.Tab
                key={type}
                value={type}
                rightSection={
                  <Badge
                    size="sm"
                    variant="light"
                    aria-label={t('tabs.countLabel', { configured, available: ofType.length })}
                  >
                    {t('tabs.count', { configured, available: ofType.length })}
                  </Badge>
                }
              >
                {t(`tabs.${type}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {INTEGRATION_TYPES.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <TypePanel
              integrations={integrations.filter((i) => i.type === type)}
              byKey={byKey}
              onSetup={(key) => setParam('setup', key)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  const wizardFor = setupKey && isWizardKey(setupKey) ? catalogue.data?.find((i) => i.key === setupKey) : undefined;

  return (
    <>
      <PageHeader title={t('title')} />
      <Text c="dimmed" mb="md">
        {t('intro')}
      </Text>
      {content}
      {wizardFor && setups.data ? (
        <IntegrationWizard
          key={`${companyId}-${wizardFor.key}`}
          integration={wizardFor as Integration & { key: WizardKey }}
          setup={setups.data.find((s) => s.key === wizardFor.key)}
          companyId={companyId}
          onClose={() => setParam('setup', null)}
        />
      ) : null}
    </>
  );
}

function TypePanel({
  integrations,
  byKey,
  onSetup,
}: {
  integrations: Integration[];
  byKey: Map<string, CompanyIntegration>;
  onSetup: (key: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const available = integrations.filter((i) => !byKey.get(i.key)?.configured);
  const configured = integrations.filter((i) => byKey.get(i.key)?.configured);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm" data-testid="available-list">
          <Title order={4}>{t('available')}</Title>
          {available.length === 0 ? <Text c="dimmed">{t('noneAvailable')}</Text> : null}
          {available.map((i) => (
            <AvailableCard key={i.key} integration={i} setup={byKey.get(i.key)} onSetup={() => onSetup(i.key)} />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm" data-testid="configured-list">
          <Title order={4}>{t('configured')}</Title>
          {configured.length === 0 ? <Text c="dimmed">{t('noneConfigured')}</Text> : null}
          {configured.map((i) => (
            <ConfiguredCard
              key={i.key}
              integration={i}
              setup={byKey.get(i.key)!}
              onReconfigure={() => onSetup(i.key)}
            />
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
