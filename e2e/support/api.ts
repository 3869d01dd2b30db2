import {
  type BranchFields,
  createBranch,
  createUser,
  type FormFile,
  type Member,
  type Method,
  type Reply,
  type SeededRole,
  type Transport,
} from '@karya/test-factories';
import { type APIRequestContext, type APIResponse, expect, request } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' } as const;

/**
 * A signed-in API client for seeding through the same endpoints the screens use: the
 * factories' transport over Playwright's APIRequestContext (@karya/test-factories, decision
 * 026). `request` is the context itself, for a journey's own requests.
 */
export class Api implements Transport {
  private constructor(
    readonly request: APIRequestContext,
    private readonly baseURL: string,
  ) {}

  static async signIn(baseURL: string, username: string, password: string): Promise<Api> {
    const context = await request.newContext({ baseURL });
    const response = await context.post('/api/login', { data: { username, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new Api(context, baseURL);
  }

  async send(method: Method, path: string, body?: object): Promise<Reply> {
    const response = await this.request.fetch(path, {
      method,
      ...(body === undefined ? {} : { data: body }),
    });
    return replyOf(response);
  }

  async sendForm(path: string, fields: Record<string, string>, file: FormFile): Promise<Reply> {
    const response = await this.request.post(path, {
      multipart: {
        ...fields,
        file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) },
      },
    });
    return replyOf(response);
  }

  // `this`: a subclass would sign in as itself; there is none.
  signIn(username: string, password: string): Promise<this> {
    return Api.signIn(this.baseURL, username, password) as Promise<this>;
  }

  dispose(): Promise<void> {
    return this.request.dispose();
  }
}

/** The answer's JSON, or its text when it is not JSON. */
async function replyOf(response: APIResponse): Promise<Reply> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text is the answer.
  }
  return { status: response.status(), body: parsed };
}

export const apiAs = (baseURL: string, username: string, password: string) =>
  Api.signIn(baseURL, username, password);

export const adminApi = (baseURL: string) => apiAs(baseURL, ADMIN.username, ADMIN.password);

/** Lets go of a seeded team's API clients (their browsers are the journey's own). */
export async function disposeTeam(team: {
  manager: Member<Api>;
  technicians: readonly Member<Api>[];
}): Promise<void> {
  await team.manager.api.dispose();
  for (const technician of team.technicians) await technician.api.dispose();
}

/** One person of a new branch of their own, for a journey about them alone. */
export async function seedPerson(baseURL: string, role: SeededRole, branch: BranchFields = {}) {
  const admin = await adminApi(baseURL);
  const created = await createBranch(admin, branch);
  const person = await createUser(admin, role, created.id);
  await admin.dispose();
  return { branch: created, person };
}

type ApiResponse = Awaited<ReturnType<APIRequestContext['post']>>;

/** The answer's data, after checking the request succeeded (the body says why if not). */
export async function answer<T>(response: ApiResponse): Promise<T> {
  const body = (await response.json()) as { data: T };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

/** 'First Last', as the screens show a person. */
export const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
