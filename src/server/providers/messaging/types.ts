/**
 * Messaging (Vonage SMS, Telegram bot): one interface, two clients.
 *
 * For the integrations / messages engineers:
 * - Build a client with the registry (`registry.messaging('vonage', credentials)`, ../registry.ts).
 * - Credentials use the wizard's field names: Vonage `{api_key, api_secret, phone_number}` (the
 *   sender: an E.164 number or an alphanumeric name), Telegram `{bot_token, chat_id}`.
 * - `send` is sent once, never retried (a retry could text the customer twice). Errors are
 *   `ProviderError` (../http.ts); Vonage's per-message status ≠ "0" becomes `rejected` with
 *   its error-text, status 4 `refused_credentials`, status 1 `rate_limited`.
 * - Delivery: Vonage reports each part later to a webhook (`callbackUrl`); parse what arrives with
 *   `parseDeliveryReceipt` (GET query or JSON body, both accepted) and match on `messageId` /
 *   `reference`. Telegram has no receipts: a message it accepted is reported `delivered` at once.
 */

export const MESSAGING_PROVIDERS = ['vonage', 'telegram'] as const;
export type MessagingProvider = (typeof MESSAGING_PROVIDERS)[number];

export interface VonageCredentials {
  api_key: string;
  api_secret: string;
  /** The sender shown to the customer. */
  phone_number: string;
}

export interface TelegramCredentials {
  bot_token: string;
  /** A numeric chat id or @channelusername. */
  chat_id: string;
}

export interface OutgoingMessage {
  /** Vonage: a phone number (Romanian 07..., +40..., or 0040...). Telegram: ignored (the chat id). */
  to: string;
  text: string;
  /** Our reference (≤ 40 chars), echoed back in Vonage's receipts as client-ref. */
  reference?: string;
  /** Vonage: where its receipts for this message go (overrides the account setting). */
  callbackUrl?: string;
}

export type DeliveryState = 'accepted' | 'delivered' | 'failed' | 'expired' | 'rejected' | 'buffered' | 'unknown';

export interface SentMessage {
  /** One id per SMS part (Vonage) or the Telegram message id. */
  messageIds: string[];
  parts: number;
  /** What the provider charged (Vonage message-price summed over parts, EUR, as text), null when unknown. */
  price: string | null;
  /** `accepted` for Vonage (receipts follow), `delivered` for Telegram. */
  state: DeliveryState;
}

export interface DeliveryReceipt {
  messageId: string;
  reference: string | null;
  recipient: string;
  state: DeliveryState;
  /** Vonage err-code ("0" when fine). */
  errorCode: string | null;
  /** Unix seconds when the carrier reported it. */
  at: number | null;
}

export interface MessagingClient {
  readonly provider: MessagingProvider;
  /** Resolves when the provider accepts the credentials (Vonage balance read, Telegram getMe). */
  verifyCredentials(): Promise<void>;
  /** Sent once, never retried. */
  send(message: OutgoingMessage): Promise<SentMessage>;
}
