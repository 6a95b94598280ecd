import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyCommonFaults, emulatorBase, type Emulator, type EmulatorOptions, type EmulatorStore } from './kit.js';

/**
 * Telegram Bot API emulator (as https://api.telegram.org): `/bot<token>/<method>` with JSON (or
 * form, or query) parameters; answers `{ok: true, result}` or `{ok: false, error_code,
 * description, parameters?}` with the matching HTTP status. Known chats: the demo user 100200300,
 * the channel @demo_shop; 100200301 has blocked the bot (403).
 *
 * Its store: `bots` by token, `chats` by id, `messages` by message id, oldest first; counter
 * `message`.
 */

interface Bot {
  token: string;
  id: number;
  username: string;
}

export interface SentTelegram {
  messageId: number;
  chatId: string;
  text: string;
  at: number;
}

interface Chat {
  id: number;
  username?: string;
  type: 'private' | 'channel';
  title: string;
  blocked?: boolean;
}

async function seedDemo(store: EmulatorStore): Promise<void> {
  const bot: Bot = { token: '123456:demo', id: 123456, username: 'demo_shop_bot' };
  await store.add('bots', bot.token, bot);
  const chats: Chat[] = [
    { id: 100200300, type: 'private', title: 'Ana Pop' },
    { id: -1001002003004, username: 'demo_shop', type: 'channel', title: 'Demo Shop' },
    { id: 100200301, type: 'private', title: 'Blocked User', blocked: true },
  ];
  for (const chat of chats) await store.add('chats', String(chat.id), chat);
}

export function createTelegramEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const emulator: Emulator = {
    name: 'telegram',
    faults,
    store,
    demoCredentials: { bot_token: '123456:demo', chat_id: '100200300' },
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).send({ ok: false, error_code: 500, description: 'Internal Server Error' }),
      );
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const fail = (reply: FastifyReply, code: number, description: string, parameters?: Record<string, unknown>) =>
        reply.code(code).send({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

      const params = (req: FastifyRequest): Record<string, unknown> => ({
        ...(req.query as object),
        ...((req.body as object) ?? {}),
      });
      const chatOf = async (id: unknown) => {
        const text = String(id ?? '');
        if (text.startsWith('@'))
          return (await store.list<Chat>('chats')).find((c) => c.username && `@${c.username}` === text);
        return text ? store.get<Chat>('chats', text) : undefined;
      };

      app.all('/bot:token/:method', async (req, reply) => {
        const { token, method } = req.params as { token: string; method: string };
        const bot = await store.get<Bot>('bots', token);
        if (faults.take('refused_login') || !bot) return fail(reply, 401, 'Unauthorized');
        if (faults.take('error_in_200'))
          return reply.code(200).send({ ok: false, error_code: 500, description: 'Internal Server Error: restart' });
        const p = params(req);
        if (method === 'getMe')
          return {
            ok: true,
            result: {
              id: bot.id,
              is_bot: true,
              first_name: 'Demo Shop',
              username: bot.username,
              can_join_groups: true,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          };
        if (method === 'getChat') {
          const chat = await chatOf(p.chat_id);
          if (!chat) return fail(reply, 400, 'Bad Request: chat not found');
          return {
            ok: true,
            result: {
              id: chat.id,
              type: chat.type,
              ...(chat.type === 'private'
                ? { first_name: chat.title }
                : { title: chat.title, username: chat.username }),
            },
          };
        }
        if (method === 'sendMessage') {
          const chat = await chatOf(p.chat_id);
          const text = String(p.text ?? '');
          if (!chat) return fail(reply, 400, 'Bad Request: chat not found');
          if (chat.blocked) return fail(reply, 403, 'Forbidden: bot was blocked by the user');
          if (!text.trim()) return fail(reply, 400, 'Bad Request: message text is empty');
          if (text.length > 4096) return fail(reply, 400, 'Bad Request: message is too long');
          const message: SentTelegram = {
            messageId: await store.next('message', 1),
            chatId: String(chat.id),
            text,
            at: clock.now(),
          };
          await store.put('messages', String(message.messageId), message);
          return {
            ok: true,
            result: { message_id: message.messageId, date: message.at, chat: { id: chat.id, type: chat.type }, text },
          };
        }
        return fail(reply, 404, 'Not Found');
      });
    },
  };
  return emulator;
}
