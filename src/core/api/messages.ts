import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { countSms, isValidSmsSender, SMS_MAX_PARTS } from '../sms.js';
import { SMS_EVENTS, SMS_PLACEHOLDERS, type SmsEvent } from '../smsTemplates.js';
import { flag, idRef, requiredText } from '../validation.js';
import type { ListResponse } from './list.js';

/**
 * SMS templates of a company, each tied to one of its sources. Create carries company_id, source_id, from and text;
 * an update changes only from and text; a body with only is_active is the status toggle.
 */

export const MESSAGE_SENDER_MAX = 11;

registerMessages({
  en: {
    invalid_sms_sender:
      'Use up to 11 letters and digits (at least one letter, no spaces), or a phone number in international form such as +40722123456.',
    sms_too_long: `The message is too long: at most ${SMS_MAX_PARTS} SMS parts.`,
    message_source_invalid: 'Choose a source of the selected company.',
    message_cannot_change: 'This cannot be changed after the template is created.',
    sms_placeholder_unknown_one:
      'Unknown placeholder: {{placeholders}}. The placeholders are {{known}}, or their Romanian names such as {comanda} and {nume}.',
    sms_placeholder_unknown_other:
      'Unknown placeholders: {{placeholders}}. The placeholders are {{known}}, or their Romanian names such as {comanda} and {nume}.',
  },
  ro: {
    invalid_sms_sender:
      'Folosiți cel mult 11 litere și cifre (cel puțin o literă, fără spații) sau un număr de telefon în format internațional, de exemplu +40722123456.',
    sms_too_long: `Mesajul este prea lung: cel mult ${SMS_MAX_PARTS} părți SMS.`,
    message_source_invalid: 'Alegeți o sursă a companiei selectate.',
    message_cannot_change: 'Acest câmp nu mai poate fi schimbat după crearea șablonului.',
    sms_placeholder_unknown_one:
      'Variabilă necunoscută: {{placeholders}}. Variabilele sunt {{known}} sau numele lor în română, de exemplu {comanda} și {nume}.',
    sms_placeholder_unknown_few:
      'Variabile necunoscute: {{placeholders}}. Variabilele sunt {{known}} sau numele lor în română, de exemplu {comanda} și {nume}.',
    sms_placeholder_unknown_other:
      'Variabile necunoscute: {{placeholders}}. Variabilele sunt {{known}} sau numele lor în română, de exemplu {comanda} și {nume}.',
  },
});

/** The params of `sms_placeholder_unknown` for these tokens (as typed, braces included). */
export const unknownPlaceholderParams = (tokens: string[]) => ({
  count: tokens.length,
  placeholders: tokens.join(', '),
  known: SMS_PLACEHOLDERS.map((p) => `{${p}}`).join(', '),
});

/** The sender: alphanumeric id (≤ 11, one letter at least) or an international phone number. */
export const smsSender = () =>
  requiredText(32).refine((v) => v === '' || isValidSmsSender(v), { error: 'invalid_sms_sender' });

/** The template text: required, at most SMS_MAX_PARTS parts in its encoding. */
export const smsText = () =>
  requiredText(2000).refine((v) => countSms(v).parts <= SMS_MAX_PARTS, { error: 'sms_too_long' });

/** What the template is sent on (core/smsTemplates.ts); a template made without one is for the AWB's creation. */
export const smsEvent = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SMS_EVENTS, { error: 'invalid' }).optional());

export const messageCreateBody = z.object({
  company_id: idRef(),
  source_id: idRef(),
  from: smsSender(),
  text: smsText(),
  is_active: flag().default(true),
  event: smsEvent().transform((v) => v ?? 'awb_created'),
});
export type MessageCreateInput = z.input<typeof messageCreateBody>;

/**
 * An update: from and text. company_id / source_id may be echoed back unchanged (clients that send
 * the whole row); a different value is refused by the server with message_cannot_change.
 */
export const messageUpdateBody = z.object({
  from: smsSender(),
  text: smsText(),
  is_active: flag().optional(),
  company_id: idRef().optional(),
  source_id: idRef().optional(),
  /** Absent: the event stays as it is. */
  event: smsEvent(),
});
export type MessageUpdateInput = z.input<typeof messageUpdateBody>;

/** The status toggle: a body with only is_active. */
export const messageStatusBody = z.object({ is_active: flag() });

/** True when a POST /message/{id} body is the status toggle: the one rule of status.ts (only is_active). */
export { isStatusOnly as isStatusOnlyBody } from './status.js';

export interface Message {
  id: number;
  company_id: number;
  source_id: number;
  from: string;
  text: string;
  is_active: boolean;
  event: SmsEvent;
  created_at: number;
  updated_at: number;
  company: { id: number; name: string } | null;
  source: { id: number; source: string } | null;
  /**
   * The placeholders of `text` that are not known (as typed: `{cod}`): only a template saved before
   * they were refused has any. An SMS from it is not sent until it is corrected.
   */
  unknown_placeholders: string[];
}

/** Laravel-style pagination links of the message list. */
export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export interface MessageListResponse extends ListResponse<Message> {
  links: PageLinks;
}
