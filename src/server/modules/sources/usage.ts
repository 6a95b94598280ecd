import { sql } from 'kysely';
import { registerMessages, translate, type Lang } from '../../../core/messages.js';
import type { Executor } from '../../db/connection.js';

/**
 * What still refers to a source, by name, and so blocks its deletion (the API answers 409 and asks
 * to deactivate the source instead).
 *
 * To add a table that points at sources: add one line to `countSourceUsage` below, e.g.
 *   message_templates: await countRefs(exec, 'messages', sourceId),
 * and its labels `source_usage_<name>_one` / `_other` (English) and `_one` / `_few` / `_other`
 * (Romanian: "2 reduceri", "20 de reduceri") in the registerMessages call at the bottom.
 */
export type SourceUsage = Record<string, number>;

export async function countSourceUsage(exec: Executor, sourceId: number): Promise<SourceUsage> {
  return {
    orders: await countRefs(exec, 'orders', sourceId),
    order_discounts: await countRefs(exec, 'order_discounts', sourceId),
    message_templates: await countRefs(exec, 'messages', sourceId),
    return_requests: await countRefs(exec, 'return_requests', sourceId),
    // What arrived through the source is kept (nothing a shop sent is lost): deactivate the source instead.
    intake_items: await countRefs(exec, 'intake_items', sourceId),
  };
}

/** Rows of `table` whose source_id is the source (every such table indexes source_id). */
export async function countRefs(
  exec: Executor,
  table: string,
  sourceId: number,
  column = 'source_id',
): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${sourceId}`.execute(exec);
  return Number(rows[0]?.n ?? 0);
}

export const isInUse = (usage: SourceUsage): boolean => Object.values(usage).some((n) => n > 0);

/** "3 order discounts and 1 SMS template" in the language of the request. */
export function describeUsage(usage: SourceUsage, lang: Lang): string {
  const parts = Object.entries(usage)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => {
      const form = new Intl.PluralRules(lang).select(n);
      const key = `source_usage_${name}_${form}`;
      const text = translate(lang, key, { count: n });
      if (text !== key) return text;
      const other = translate(lang, `source_usage_${name}_other`, { count: n });
      return other !== `source_usage_${name}_other` ? other : `${n} × ${name.replace(/_/g, ' ')}`;
    });
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${translate(lang, 'and_word')} ${parts[parts.length - 1]}`;
}

registerMessages({
  en: {
    and_word: 'and',
    source_usage_orders_one: '{{count}} order',
    source_usage_orders_other: '{{count}} orders',
    source_usage_order_discounts_one: '{{count}} order discount',
    source_usage_order_discounts_other: '{{count}} order discounts',
    source_usage_message_templates_one: '{{count}} SMS template',
    source_usage_message_templates_other: '{{count}} SMS templates',
    source_usage_return_requests_one: '{{count}} return request',
    source_usage_return_requests_other: '{{count}} return requests',
    source_usage_intake_items_one: '{{count}} incoming order',
    source_usage_intake_items_other: '{{count}} incoming orders',
  },
  ro: {
    and_word: 'și',
    source_usage_orders_one: '{{count}} comandă',
    source_usage_orders_few: '{{count}} comenzi',
    source_usage_orders_other: '{{count}} de comenzi',
    source_usage_order_discounts_one: '{{count}} reducere la comandă',
    source_usage_order_discounts_few: '{{count}} reduceri la comandă',
    source_usage_order_discounts_other: '{{count}} de reduceri la comandă',
    source_usage_message_templates_one: '{{count}} șablon SMS',
    source_usage_message_templates_few: '{{count}} șabloane SMS',
    source_usage_message_templates_other: '{{count}} de șabloane SMS',
    source_usage_return_requests_one: '{{count}} cerere de retur',
    source_usage_return_requests_few: '{{count}} cereri de retur',
    source_usage_return_requests_other: '{{count}} de cereri de retur',
    source_usage_intake_items_one: '{{count}} comandă primită',
    source_usage_intake_items_few: '{{count}} comenzi primite',
    source_usage_intake_items_other: '{{count}} de comenzi primite',
  },
});
