import { byLanguage } from '../../../lib/texts';
import { bulkTexts } from './texts';

/** The `orderBulk` namespace: selecting many orders, the bulk actions, their progress and report. */
export default byLanguage(bulkTexts);
