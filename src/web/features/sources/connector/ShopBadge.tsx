import { Badge, Tooltip } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConnectedShop } from '../../../../core/api/connectors';
import { isShopType, SHOP_LABELS } from './shopForms';

/**
 * The mark in the sources list of a source with a shop connected: the shop's name, "emulated"
 * when it is the built-in emulator; nothing for a source without one (`connector` undefined). The
 * list reads the company's connected shops once (useConnectedShops) and hands each row its own.
 */
export function ShopBadge({ connector }: { connector: ConnectedShop | undefined }) {
  const { t } = useTranslation('connectors');
  if (!connector) return null;
  const shop = isShopType(connector.type) ? SHOP_LABELS[connector.type] : connector.type;
  const label = t(connector.emulated ? 'listBadgeLabelEmulated' : 'listBadgeLabel', { shop });
  return (
    <Tooltip label={label}>
      <Badge
        variant="light"
        color="blue"
        leftSection={<IconPlugConnected size={12} />}
        aria-label={label}
        data-testid="shop-badge"
      >
        {connector.emulated ? t('listBadge', { shop }) : shop}
      </Badge>
    </Tooltip>
  );
}
