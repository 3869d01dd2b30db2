import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API messages endpoint (POST /{version}/{phone id}/messages)
 * that keeps Meta's rules (issue 40), so a test that passes here would pass against WhatsApp:
 * - the business's bearer token is required (401, code 190, otherwise);
 * - a free-form `type: "text"` goes only to a number that wrote to the business within 24
 *   hours; to any other, 400 with error 131047 'Re-engagement message', in Meta's JSON shape;
 * - a `type: "template"` needs a name and language code of a template approved here (else
 *   132001), with as many body parameters as its wording has (else 132000);
 * - failNext() answers the next sends 500 (or any status), as Meta does when it is down;
 * - customerMessage() is what Meta posts when a customer writes, and opens their window.
 * Everything sent, accepted or not, is kept in `requests`; what was accepted in `accepted`.
 */

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    text?: { body?: string; preview_url?: boolean };
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
    };
  };
}

export interface Accepted extends FakeRequest {
  messageId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Meta's error answer: { error: { message, type, code, error_data: { details }, fbtrace_id } }. */
const metaError = (code: number, message: string, details: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: `A${randomUUID().replaceAll('-', '').slice(0, 22)}`,
  },
});

export class FakeGraphApi {
  readonly requests: FakeRequest[] = [];
  readonly accepted: Accepted[] = [];
  private server: Server | null = null;
  private readonly approved = new Map<string, number>();
  private readonly wrote = new Map<string, number>();
  private failures: { status: number; body: unknown }[] = [];

  constructor(
    readonly token = 'test-token',
    private readonly now: () => number = Date.now,
  ) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        response.writeHead(500);
        response.end();
      });
    });
    this.server.listen(port, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}/v21.0`;
  }

  async stop() {
    if (!this.server) return;
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  /** A template approved in WhatsApp Manager, with its body's number of {{n}}. */
  approve(name: string, languageCode: string, parameterCount: number) {
    this.approved.set(`${name}/${languageCode}`, parameterCount);
  }

  /** The customer wrote to the business: their 24-hour window opens now. */
  customerWrote(digits: string, at = this.now()) {
    this.wrote.set(digits, at);
  }

  /**
   * A customer's message as Meta's webhook posts it to the business (issue 40):
   * entry[].changes[].value with the sender's profile in contacts[] and the message in
   * messages[] ({ from, id, timestamp in seconds, type, text: { body } }). Writing opens the
   * customer's window here, as it does at WhatsApp, so the reply that follows is judged by
   * the same 24 hours the server counts. Returns the JSON body to sign and post.
   */
  customerMessage(
    from: string,
    text: string,
    options: { id?: string; name?: string; at?: number; type?: string } = {},
  ): string {
    const at = options.at ?? this.now();
    this.customerWrote(from, at);
    const type = options.type ?? 'text';
    const message = {
      from,
      id: options.id ?? `wamid.${randomUUID().replaceAll('-', '')}`,
      timestamp: String(Math.floor(at / 1000)),
      type,
      ...(type === 'text'
        ? { text: { body: text } }
        : { [type]: { id: randomUUID(), mime_type: 'image/jpeg', sha256: 'fake' } }),
    };
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '1098765' },
                contacts: options.name ? [{ profile: { name: options.name }, wa_id: from }] : [],
                messages: [message],
              },
            },
          ],
        },
      ],
    });
  }

  /** The next `count` sends are answered with this status (500 by default) and nothing sent. */
  failNext(count = 1, status = 500) {
    for (let i = 0; i < count; i += 1)
      this.failures.push({
        status,
        body: metaError(131000, 'Something went wrong', 'Message failed to send'),
      });
  }

  /** Accepted messages to a number, in order. */
  acceptedTo(digits: string) {
    return this.accepted.filter((message) => message.body.to === digits);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeRequest['body'];
    const received: FakeRequest = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    };
    this.requests.push(received);
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.method !== 'POST' || !/^\/v\d+\.\d+\/[^/]+\/messages$/.test(received.path))
      return answer(404, metaError(100, 'Unknown path', received.path));
    if (received.authorization !== `Bearer ${this.token}`)
      return answer(
        401,
        metaError(190, 'Invalid OAuth access token.', 'Invalid OAuth access token'),
      );
    const failure = this.failures.shift();
    if (failure) return answer(failure.status, failure.body);
    const to = body.to ?? '';
    if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
      return answer(400, metaError(100, 'Invalid parameter', 'to or messaging_product'));
    if (body.type === 'text') {
      const wrote = this.wrote.get(to);
      if (wrote === undefined || this.now() - wrote > DAY_MS)
        return answer(
          400,
          metaError(
            131047,
            'Re-engagement message',
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          ),
        );
      if (!body.text?.body) return answer(400, metaError(100, 'Invalid parameter', 'text.body'));
    } else if (body.type === 'template') {
      const name = body.template?.name;
      const code = body.template?.language?.code;
      const expected = name && code ? this.approved.get(`${name}/${code}`) : undefined;
      if (expected === undefined)
        return answer(
          404,
          metaError(
            132001,
            'Template name does not exist in the translation',
            `template name (${name}) does not exist in ${code}`,
          ),
        );
      const bodyParameters =
        body.template?.components?.find((component) => component.type === 'body')?.parameters ?? [];
      if (
        bodyParameters.length !== expected ||
        bodyParameters.some((parameter) => parameter.type !== 'text' || !parameter.text?.trim())
      )
        return answer(
          400,
          metaError(
            132000,
            'Number of parameters does not match the expected number of params',
            `body: number of localizable_params (${bodyParameters.length}) does not match the expected number of params (${expected})`,
          ),
        );
    } else {
      return answer(400, metaError(100, 'Invalid parameter', `type ${body.type}`));
    }
    const messageId = `wamid.${randomUUID().replaceAll('-', '')}`;
    this.accepted.push({ ...received, messageId });
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: messageId }],
    });
  }
}
