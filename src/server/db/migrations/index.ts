import type { MigrationFactory } from './helpers.js';
import { foundation } from './001_foundation.js';
import { products } from './002_products.js';
import { sourcesDiscounts } from './003_sources_discounts.js';
import { messages } from './004_messages.js';
import { packagesReturns } from './005_packages_returns.js';
import { searchIndexes } from './006_search_indexes.js';
import { security } from './007_security.js';
import { integrations } from './009_integrations.js';
import { orders } from './010_orders.js';
import { listCounts } from './011_list_counts.js';
import { listCountShards } from './045_list_count_shards.js';
import { jobs } from './012_jobs.js';
import { shipments } from './013_shipments.js';
import { invoices } from './014_invoices.js';
import { tracking } from './015_tracking.js';
import { trigramPending } from './017_trigram_pending.js';
import { orderSearchCompany } from './018_order_search_company.js';
import { orderSearchText } from './020_order_search_text.js';
import { productSearchText } from './021_product_search_text.js';
import { listChanges } from './022_list_changes.js';
import { emulatorState } from './023_emulator_state.js';
import { companyCustomerPhone } from './024_company_customer_phone.js';
import { idempotencyKeys } from './025_idempotency_keys.js';
import { shipmentCandidates } from './026_shipment_candidates.js';
import { exchangeRates } from './027_exchange_rates.js';
import { invoiceStatus } from './030_invoice_status.js';
import { messageEvent } from './042_message_event.js';
import { smsSends } from './043_sms_sends.js';
import { sellerAlerts } from './044_seller_alerts.js';
import { orderFilters } from './036_order_filters.js';
import { orderBulk } from './039_order_bulk.js';
import { cod } from './048_cod.js';
import { coupons } from './053_coupons.js';
import { productVatRate } from './052_product_vat_rate.js';
import { orderStats } from './049_order_stats.js';
import { orderFilterKeptCounts } from './063_order_filter_kept_counts.js';
import { orderFilterCounts } from './058_order_filter_counts.js';
import { customerSearch } from './059_customer_search.js';
import { customerSearchSqlite } from './061_customer_search_sqlite.js';
import { customerSearchText } from './065_customer_search_text.js';
import { orderListDayCounts } from './064_order_list_day_counts.js';
import { orderListDayCountShards } from './068_order_list_day_count_shards.js';
import { orderDayStatShards } from './069_order_day_stat_shards.js';
import { integrationListChanges } from './070_integration_list_changes.js';
import { productImageBytesLast } from './071_product_image_bytes_last.js';
import { invitations } from './075_invitations.js';
import { dismissedDiscounts } from './072_dismissed_discounts.js';
import { reversedInvoiceFreesOrder } from './073_reversed_invoice_frees_order.js';
import { discountsCapped } from './074_discounts_capped.js';
import { intake } from './076_intake.js';
import { fanCourier } from './078_fan_courier.js';
import { shippingSettings } from './079_shipping_settings.js';
import { parcelAttention } from './080_parcel_attention.js';
import { shopConnectors } from './081_shop_connectors.js';
import { shopOutbox } from './082_shop_outbox.js';
import { notificationClears } from './084_notification_clears.js';
import { searchWithoutMarks } from './084_search_without_marks.js';
import { shopEventOnce } from './085_shop_event_once.js';
import { shopOutboxStorno } from './086_shop_outbox_storno.js';
import { publicDocuments } from './087_public_documents.js';
import { dashboardFigures } from './062_dashboard_figures.js';
import { courierDayStats } from './055_courier_day_stats.js';
import { paymentDefaultPackage } from './051_payment_default_package.js';

// Names sort in the order they run; never rename or edit one that has shipped: add a new one.
export const migrations: Record<string, MigrationFactory> = {
  '001_foundation': foundation,
  '002_products': products,
  '003_sources_discounts': sourcesDiscounts,
  '004_messages': messages,
  '005_packages_returns': packagesReturns,
  '006_search_indexes': searchIndexes,
  '007_security': security,
  '009_integrations': integrations,
  '010_orders': orders,
  '011_list_counts': listCounts,
  '012_jobs': jobs,
  '013_shipments': shipments,
  '014_invoices': invoices,
  '015_tracking': tracking,
  '017_trigram_pending': trigramPending,
  '018_order_search_company': orderSearchCompany,
  '020_order_search_text': orderSearchText,
  '021_product_search_text': productSearchText,
  '022_list_changes': listChanges,
  '023_emulator_state': emulatorState,
  '024_company_customer_phone': companyCustomerPhone,
  '025_idempotency_keys': idempotencyKeys,
  '026_shipment_candidates': shipmentCandidates,
  '027_exchange_rates': exchangeRates,
  '030_invoice_status': invoiceStatus,
  '042_message_event': messageEvent,
  '043_sms_sends': smsSends,
  '044_seller_alerts': sellerAlerts,
  '036_order_filters': orderFilters,
  '039_order_bulk': orderBulk,
  '045_list_count_shards': listCountShards,
  '048_cod': cod,
  '049_order_stats': orderStats,
  '058_order_filter_counts': orderFilterCounts,
  '059_customer_search': customerSearch,
  '061_customer_search_sqlite': customerSearchSqlite,
  '055_courier_day_stats': courierDayStats,
  '052_product_vat_rate': productVatRate,
  '053_coupons': coupons,
  '051_payment_default_package': paymentDefaultPackage,
  '063_order_filter_kept_counts': orderFilterKeptCounts,
  '062_dashboard_figures': dashboardFigures,
  '065_customer_search_text': customerSearchText,
  '064_order_list_day_counts': orderListDayCounts,
  '068_order_list_day_count_shards': orderListDayCountShards,
  '069_order_day_stat_shards': orderDayStatShards,
  '070_integration_list_changes': integrationListChanges,
  '071_product_image_bytes_last': productImageBytesLast,
  '075_invitations': invitations,
  '072_dismissed_discounts': dismissedDiscounts,
  '073_reversed_invoice_frees_order': reversedInvoiceFreesOrder,
  '074_discounts_capped': discountsCapped,
  '076_intake': intake,
  '078_fan_courier': fanCourier,
  '079_shipping_settings': shippingSettings,
  '080_parcel_attention': parcelAttention,
  '081_shop_connectors': shopConnectors,
  '082_shop_outbox': shopOutbox,
  '084_notification_clears': notificationClears,
  '084_search_without_marks': searchWithoutMarks,
  '085_shop_event_once': shopEventOnce,
  '087_public_documents': publicDocuments,
  '086_shop_outbox_storno': shopOutboxStorno,
};
