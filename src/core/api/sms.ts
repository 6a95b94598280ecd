import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { countSms, SMS_MAX_PARTS } from '../sms.js';
import { idRef } from '../validation.js';

/**
 * SMS sent to an order's customer: by hand (`POST /order/{id}/sms` with a template or a text) or
 * on a shipping event. `status`: `queued` (being sent), `sent` (the provider took it; its receipts
 * follow), `delivered`, `failed` (refused, or a receipt said so), `unknown` (the answer was lost:
 * it may have gone out, so it is never sent again blindly).
 */

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export interface SmsSend {
  id: number;
  order_id: number;
  /** awb_created, delivered, returning or manual. */
  event: string;
  message_id: number | null;
  status: SmsStatus;
  to: string;
  text: string;
  parts: number;
  encoding: 'GSM-7' | 'UCS-2';
  provider: string;
  /** The provider's id of each part. */
  provider_message_ids: string[];
  /** What the provider charged (its currency, EUR for Vonage), null when it did not say. */
  price: string | null;
  /** Why it failed or is unknown, in the provider's words. */
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** `{message_id}` (a template of the company, rendered for the order) or `{text}` (rendered too). */
export const smsSendBody = z
  .object({
    message_id: idRef().optional(),
    text: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: 'invalid' }).max(2000, { error: 'too_long' }),
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.message_id === undefined && !v.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'sms_text_required' });
    if (v.text && countSms(v.text).parts > SMS_MAX_PARTS)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'sms_too_long' });
  });
export type SmsSendInput = z.input<typeof smsSendBody>;

registerMessages({
  en: {
    sms_text_required: 'Write the message or choose a template.',
    sms_no_messaging: 'No active messaging integration: set up Vonage under Integrations to send SMS.',
    sms_no_phone: 'The customer has no valid Romanian mobile number to send an SMS to.',
    sms_template_invalid: 'Choose an SMS template of this company.',
    sms_rendered_empty: 'The message is empty once the order’s details are filled in.',
    sms_outcome_unknown:
      '{{provider}} did not answer in time: the SMS may have been sent. It is not sent again by itself; look at the order’s SMS list before sending another.',
    sms_throttled:
      'Vonage is sending too fast for this account (throttled): the SMS was not sent. Try again in a minute.',
    sms_refused_credentials: 'Vonage refused the account’s API key and secret: set up Vonage again.',
    sms_quota: 'The Vonage account has no credit left: top it up, then send again.',
    sms_not_whitelisted:
      'Vonage sends only to whitelisted numbers on this (trial) account: add the number in Vonage’s dashboard or upgrade the account.',
    sms_rejected: 'Vonage did not send the SMS: {{reason}}',
    sms_placeholder_empty_one:
      'This order has no value for {{placeholders}}: complete the order (the customer’s name, the AWB) or take it out of the text.',
    sms_placeholder_empty_other:
      'This order has no values for {{placeholders}}: complete the order (the customer’s name, the AWB) or take them out of the text.',
  },
  ro: {
    sms_text_required: 'Scrieți mesajul sau alegeți un șablon.',
    sms_no_messaging: 'Nicio integrare de mesagerie activă: configurați Vonage la Integrări pentru a trimite SMS-uri.',
    sms_no_phone: 'Clientul nu are un număr de mobil românesc valid la care să se trimită SMS-ul.',
    sms_template_invalid: 'Alegeți un șablon SMS al acestei companii.',
    sms_rendered_empty: 'Mesajul este gol după completarea datelor comenzii.',
    sms_outcome_unknown:
      '{{provider}} nu a răspuns la timp: SMS-ul poate să fi fost trimis. Nu se retrimite singur; verificați lista de SMS-uri a comenzii înainte de a trimite altul.',
    sms_throttled:
      'Vonage trimite prea repede pentru acest cont (limitare de debit): SMS-ul nu a fost trimis. Încercați din nou peste un minut.',
    sms_refused_credentials: 'Vonage a refuzat cheia și secretul API ale contului: configurați din nou Vonage.',
    sms_quota: 'Contul Vonage nu mai are credit: reîncărcați-l, apoi trimiteți din nou.',
    sms_not_whitelisted:
      'Vonage trimite doar la numerele din lista albă pe acest cont (de probă): adăugați numărul în panoul Vonage sau treceți la un cont plătit.',
    sms_rejected: 'Vonage nu a trimis SMS-ul: {{reason}}',
    sms_placeholder_empty_one:
      'Comanda nu are o valoare pentru {{placeholders}}: completați comanda (numele clientului, AWB-ul) sau scoateți variabila din text.',
    sms_placeholder_empty_few:
      'Comanda nu are valori pentru {{placeholders}}: completați comanda (numele clientului, AWB-ul) sau scoateți variabilele din text.',
    sms_placeholder_empty_other:
      'Comanda nu are valori pentru {{placeholders}}: completați comanda (numele clientului, AWB-ul) sau scoateți variabilele din text.',
  },
});
