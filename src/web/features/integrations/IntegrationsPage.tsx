import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../../components/NotAvailableYet';

/** Placeholder: replace this file with the real screen (keep the export name). */
export function IntegrationsPage() {
  const { t } = useTranslation('common');
  return <NotAvailableYet title={t('nav.integrations')} />;
}
