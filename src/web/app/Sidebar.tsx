import { Divider, NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconBox,
  IconCash,
  IconBuilding,
  IconDiscount,
  IconGauge,
  IconInbox,
  IconLogout,
  IconMapPin,
  IconMessage,
  IconPackage,
  IconPlugConnected,
  IconReceiptRefund,
  IconShoppingCart,
  IconTag,
  IconTargetArrow,
  IconTicket,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { IntakeNavBadge } from '../features/intake/IntakeNavBadge';
import { CompanySelector } from './CompanySelector';
import { VersionAbout } from './AboutDialog';
import { paths } from '../lib/paths';

interface NavItem {
  to: string;
  label: string;
  icon: typeof IconGauge;
  /** A page that belongs to the item above it: drawn indented under it. */
  nested?: boolean;
  /** Drawn at the link's right (a count). */
  badge?: ReactNode;
}

/** Sidebar: company selector, the links in the spec's order, logout and the version (which opens the About dialog). */
export function Sidebar({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));
  const link = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={18} stroke={1.6} />}
      active={isActive(item.to)}
      onClick={onNavigate}
      pl={item.nested ? 40 : undefined}
      rightSection={item.badge}
    />
  );
  const before: NavItem[] = [
    { to: paths.dashboard(), label: t('nav.dashboard'), icon: IconGauge },
    { to: paths.companies(), label: t('nav.companies'), icon: IconBuilding },
    { to: paths.products(), label: t('nav.products'), icon: IconBox },
    { to: paths.orders(), label: t('nav.orders'), icon: IconShoppingCart },
    // The orders that arrived by themselves and wait for the seller: a page of the orders, under them.
    { to: paths.incoming(), label: t('nav.incoming'), icon: IconInbox, nested: true, badge: <IntakeNavBadge /> },
    { to: paths.customers(), label: t('nav.customers'), icon: IconUsers },
    { to: paths.cod(), label: t('nav.cod'), icon: IconCash },
    { to: paths.sources(), label: t('nav.sources'), icon: IconTargetArrow },
  ];
  const discounts: NavItem[] = [
    { to: paths.discounts(), label: t('nav.orderDiscounts'), icon: IconDiscount },
    { to: paths.productDiscounts(), label: t('nav.productDiscounts'), icon: IconTag },
    { to: paths.coupons(), label: t('nav.coupons'), icon: IconTicket },
  ];
  const after: NavItem[] = [
    { to: paths.integrations(), label: t('nav.integrations'), icon: IconPlugConnected },
    // Sameday's pickup points and lockers: a page of the Sameday integration, under Integrations.
    { to: paths.samedayLocation(), label: t('nav.samedayLocations'), icon: IconMapPin, nested: true },
    { to: paths.messages(), label: t('nav.messages'), icon: IconMessage },
    { to: paths.packages(), label: t('nav.packages'), icon: IconPackage },
    // The label format and the shipping defaults: a page of the packages, under them.
    { to: paths.shippingSettings(), label: t('nav.shippingSettings'), icon: IconTruckDelivery, nested: true },
    { to: paths.returnRequests(), label: t('nav.returnRequests'), icon: IconReceiptRefund },
  ];
  const inDiscounts = discounts.some((d) => isActive(d.to));
  return (
    <Stack h="100%" gap={0}>
      <div style={{ padding: 'var(--mantine-spacing-md)' }}>
        <CompanySelector onChanged={onNavigate} />
      </div>
      <Divider />
      <ScrollArea style={{ flex: 1 }} px="xs" py="xs" component="nav" aria-label={t('appTitle')}>
        {before.map(link)}
        {/* A button, not a link without href: Tab reaches it, Enter / Space opens the group. */}
        <NavLink
          component="button"
          type="button"
          label={t('nav.discounts')}
          leftSection={<IconDiscount size={18} stroke={1.6} />}
          defaultOpened={inDiscounts}
          childrenOffset={28}
        >
          {discounts.map(link)}
        </NavLink>
        {after.map(link)}
        <Divider my="xs" />
        <NavLink
          component="button"
          label={t('nav.logout')}
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={onLogout}
          c="red"
        />
      </ScrollArea>
      <Divider />
      <VersionAbout />
    </Stack>
  );
}
