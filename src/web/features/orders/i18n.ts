import { byLanguage } from '../../lib/texts';
import { badgeTexts } from './badges/texts';
import { activityTexts } from './detail/activityTexts';
import { detailTexts } from './detail/texts';
import { dialogTexts } from './dialogs/texts';
import { listTexts } from './list/texts';
import { newOrderTexts } from './new/texts';
import { orderTexts } from './texts';

/**
 * The `orders` namespace: orders list, new order, order detail and its dialogs. Each room keeps its
 * texts beside its code (`<room>/texts.ts`, both languages of a key side by side, lib/texts.ts);
 * the bulk actions have a namespace of their own (`orderBulk`, bulk/i18n.ts).
 */
export default byLanguage(orderTexts, listTexts, badgeTexts, newOrderTexts, detailTexts, activityTexts, dialogTexts);
