import { ProviderError, ProviderHttp, tryJson, type ProviderResponse } from '../http.js';
import type { ClientDeps } from '../shared.js';
import type { MessagingClient, OutgoingMessage, SentMessage, TelegramCredentials } from './types.js';

/**
 * Telegram Bot API (core.telegram.org/bots/api): `POST /bot<token>/<method>` with JSON, answers
 * `{ok, result}` or `{ok: false, error_code, description, parameters}`. Texts go plain (no
 * parse_mode, so nothing needs escaping) and longer than 4096 characters are split.
 */

const MAX_TEXT = 4096;

export class TelegramClient implements MessagingClient {
  readonly provider = 'telegram' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly credentials: TelegramCredentials,
    deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('telegram', deps.baseUrl, deps.http);
  }

  private async call<T>(method: string, params: Record<string, unknown>, idempotent: boolean): Promise<T> {
    const res = await this.http.send({
      method: 'POST',
      // The token is part of the path; it never appears in our errors.
      path: `bot${this.credentials.bot_token.trim()}/${method}`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(params),
      idempotent,
    });
    const body = tryJson(res) as
      | {
          ok?: boolean;
          result?: T;
          error_code?: number;
          description?: string;
          parameters?: { retry_after?: number; migrate_to_chat_id?: number };
        }
      | undefined;
    if (body?.ok === true) return body.result as T;
    throw telegramFailure(res, body);
  }

  async verifyCredentials(): Promise<void> {
    await this.call('getMe', {}, true);
    // The chat must exist for this bot too, or every send would fail.
    await this.call('getChat', { chat_id: this.credentials.chat_id.trim() }, true);
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    const ids: string[] = [];
    for (const chunk of splitText(message.text)) {
      const result = await this.call<{ message_id: number }>(
        'sendMessage',
        { chat_id: this.credentials.chat_id.trim(), text: chunk },
        false,
      );
      ids.push(String(result.message_id));
    }
    return { messageIds: ids, parts: ids.length, price: null, state: 'delivered' };
  }
}

/** Splits at line ends (or spaces) below Telegram's 4096-character limit. */
export function splitText(text: string): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > MAX_TEXT) {
    let cut = rest.lastIndexOf('\n', MAX_TEXT);
    if (cut < MAX_TEXT / 2) cut = rest.lastIndexOf(' ', MAX_TEXT);
    if (cut < MAX_TEXT / 2) cut = MAX_TEXT;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  chunks.push(rest);
  return chunks;
}

function telegramFailure(
  res: ProviderResponse,
  body:
    | { error_code?: number; description?: string; parameters?: { retry_after?: number; migrate_to_chat_id?: number } }
    | undefined,
): ProviderError {
  const code = body?.error_code ?? res.status;
  let message = body?.description ?? `HTTP ${res.status}`;
  if (body?.parameters?.migrate_to_chat_id) message += ` (the group is now chat ${body.parameters.migrate_to_chat_id})`;
  if (code === 401 || code === 404)
    return new ProviderError('telegram', 'refused_credentials', message, { status: res.status });
  if (code === 429)
    return new ProviderError('telegram', 'rate_limited', message, {
      status: res.status,
      retryAfterSeconds: body?.parameters?.retry_after,
    });
  if (code >= 500 || !body) return new ProviderError('telegram', 'unavailable', message, { status: res.status });
  return new ProviderError('telegram', 'rejected', message, { status: res.status });
}
