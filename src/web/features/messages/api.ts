import type { Message } from '../../../core/api/messages';
import type { SmsEvent } from '../../../core/smsTemplates';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';

export const MESSAGES_PATH = '/api/v1/message';
const RESOURCE = 'message';

export interface MessageCreateBody {
  company_id: number;
  source_id: number;
  from: string;
  text: string;
  event?: SmsEvent;
}
export interface MessageUpdateBody {
  from: string;
  text: string;
  event?: SmsEvent;
}
/** What the template form sends: the create body, or the update body on edit. */
export type MessageBody = MessageCreateBody | MessageUpdateBody;

/** The templates of the selected company, with the list rules of the spec. */
export function useMessageList() {
  return useList<Message>({ resource: RESOURCE, path: MESSAGES_PATH });
}

/**
 * Create (in the company chosen in the form: its X-Company-ID is sent, as the server makes the
 * template in the header's company), update (from and text), delete.
 */
export function useMessageCrud(list: ReturnType<typeof useMessageList>) {
  return useCrud<MessageBody, { data: Message }>({
    resource: RESOURCE,
    path: MESSAGES_PATH,
    list,
    createIn: (body) => ('company_id' in body ? body.company_id : undefined),
  });
}
