import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyCommonFaults, controlRoutes, FaultSwitch, Hanger, type Emulator, type EmulatorOptions } from './kit.js';

/**
 * Telegram Bot API emulator (as https://api.telegram.org): `/bot<token>/<method>` with JSON (or
 * form, or query) parameters; answers `{ok: true, result}` or `{ok: false, error_code,
 * description, parameters?}` with the matching HTTP status. Known chats: the demo user 100200300,
 * the channel @demo_shop; 100200301 has blocked the bot (403).
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

export interface TelegramState {
  bots: Bot[];
  chats: { id: number; username?: string; type: 'private' | 'channel'; title: string; blocked?: boolean }[];
  messages: SentTelegram[];
}

function initialState(): TelegramState {
  return {
    bots: [{ token: '123456:demo', id: 123456, username: 'demo_shop_bot' }],
    chats: [
      { id: 100200300, type: 'private', title: 'Ana Pop' },
      { id: -1001002003004, username: 'demo_shop', type: 'channel', title: 'Demo Shop' },
      { id: 100200301, type: 'private', title: 'Blocked User', blocked: true },
    ],
    messages: [],
  };
}

export function createTelegramEmulator(options: EmulatorOptions): Emulator<TelegramState> {
  const faults = new FaultSwitch();
  const hanger = new Hanger(options.hangMs ?? 60_000);
  const clock = options.clock;
  const emulator: Emulator<TelegramState> = {
    name: 'telegram',
    faults,
    state: initialState(),
    demoCredentials: { bot_token: '123456:demo', chat_id: '100200300' },
    reset() {
      Object.assign(emulator.state, initialState());
      faults.clear();
    },
    plugin: async (app: FastifyInstance) => {
      controlRoutes(app, () => emulator);
      applyCommonFaults(app, faults, hanger, (reply) => reply.code(500).send({ ok: false, error_code: 500, description: 'Internal Server Error' }));
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
      const state = emulator.state;
      const fail = (reply: FastifyReply, code: number, description: string, parameters?: Record<string, unknown>) =>
        reply.code(code).send({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

      const params = (req: FastifyRequest): Record<string, unknown> => ({ ...(req.query as object), ...((req.body as object) ?? {}) });
      const chatOf = (id: unknown) => {
        const text = String(id ?? '');
        return state.chats.find((c) => String(c.id) === text || (c.username && `@${c.username}` === text));
      };

      app.all('/bot:token/:method', async (req, reply) => {
        const { token, method } = req.params as { token: string; method: string };
        const bot = state.bots.find((b) => b.token === token);
        if (faults.take('refused_login') || !bot) return fail(reply, 401, 'Unauthorized');
        if (faults.take('error_in_200')) return reply.code(200).send({ ok: false, error_code: 500, description: 'Internal Server Error: restart' });
        const p = params(req);
        if (method === 'getMe') return { ok: true, result: { id: bot.id, is_bot: true, first_name: 'Demo Shop', username: bot.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false } };
        if (method === 'getChat') {
          const chat = chatOf(p.chat_id);
          if (!chat) return fail(reply, 400, 'Bad Request: chat not found');
          return { ok: true, result: { id: chat.id, type: chat.type, ...(chat.type === 'private' ? { first_name: chat.title } : { title: chat.title, username: chat.username }) } };
        }
        if (method === 'sendMessage') {
          const chat = chatOf(p.chat_id);
          const text = String(p.text ?? '');
          if (!chat) return fail(reply, 400, 'Bad Request: chat not found');
          if (chat.blocked) return fail(reply, 403, 'Forbidden: bot was blocked by the user');
          if (!text.trim()) return fail(reply, 400, 'Bad Request: message text is empty');
          if (text.length > 4096) return fail(reply, 400, 'Bad Request: message is too long');
          const message: SentTelegram = { messageId: state.messages.length + 1, chatId: String(chat.id), text, at: clock.now() };
          state.messages.push(message);
          return { ok: true, result: { message_id: message.messageId, date: message.at, chat: { id: chat.id, type: chat.type }, text } };
        }
        return fail(reply, 404, 'Not Found');
      });
    },
  };
  return emulator;
}
