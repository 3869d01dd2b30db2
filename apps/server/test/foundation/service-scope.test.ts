import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API, SignatureKind, SymbolFlags, type Symbol as TsSymbol } from 'typescript/unstable/sync';
import { describe, expect, it } from 'vitest';

/*
 * Every service entry takes an explicit scope (issue 18, decision 024): an exported function
 * of a `*.service.ts` under apps/server/src that takes an `Actor` (auth/guard.ts) must also
 * take a `Scope` (auth/scope.ts), so no service works out what the actor may see on its own.
 * The walk reads the types through the installed TypeScript's API (the parameter's written
 * type, followed through renamed imports), and runs first on a made-up tree so it cannot
 * pass silently.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const GUARD = 'apps/server/src/auth/guard.ts';
const SCOPE = 'apps/server/src/auth/scope.ts';
const isService = (file: string) => /\/apps\/server\/src\/.*\.service\.ts$/.test(file);

/**
 * Deliberately actor-only: the actor is the person acting on themselves, or the 'who did it'
 * stamp of an admins-only change that reads and writes no branch's data through a scope.
 */
const ACTOR_ONLY: Record<string, string> = {
  'business/business.service.ts: saveBusinessProfile':
    'admins only; one business profile, no branch; the actor stamps the change',
  'branches/branches.service.ts: addBranch': 'admins only; the actor stamps the new branch',
  'branches/branches.service.ts: updateBranch': 'admins only; the actor stamps the change',
  'inventory/catalogue.service.ts: deleteItem':
    'admins only; the catalogue has no branch; the actor stamps the deletion',
  'system/demo-requests.service.ts: markContacted':
    'admins only; demo requests have no branch; the actor stamps the change',
  'customer-updates/customer-updates.service.ts: saveTemplate':
    'admins only; the wording of customer updates is business-wide, no branch; the actor stamps the change',
  'customer-updates/customer-updates.service.ts: resetTemplate':
    'admins only; business-wide like saveTemplate; the actor stamps the change',
  'customer-updates/whatsapp-templates.service.ts: saveWhatsappTemplate':
    'admins only; an approved template is the business’s WhatsApp account’s, no branch; the actor stamps the change',
  'customer-updates/whatsapp-templates.service.ts: saveAutoSend':
    'admins only; business-wide like saveWhatsappTemplate; the actor stamps the change',
  'schedule/default-durations.service.ts: putDefaultDurations':
    'admins only; the default job durations are business-wide, no branch; the actor stamps the change',
  'whatsapp-conversations/conversations.service.ts: saveSettings':
    'admins only; the WhatsApp number and the branch its new leads go to are the business’s; the actor stamps the change',
  'users/users.service.ts: createAccount':
    'the caller gives the branch (an admin’s choice, or the manager’s scope through addOwnBranchTechnician); the actor stamps the account',
  'users/users.service.ts: adminChangePassword': 'admins only; the actor stamps the change',
  'users/users.service.ts: setUserStatus':
    'admins only; the actor may not deactivate themselves, and stamps the change',
  'users/users.service.ts: deleteUser':
    'admins only; the actor may not delete themselves, and stamps the deletion',
  'users/users.service.ts: changeOwnPassword': "the actor's own password, by their own id",
  'ownership/ownership.service.ts: managerStatus':
    "the manager's own access state and transfers, by their own id",
  'ownership/ownership.service.ts: rejectedTransfers':
    'the transfers the manager asked for, by their own id',
  'ownership/ownership.service.ts: acceptTransfer':
    'a transfer addressed to the manager, by their own id; its branch is the transfer’s',
  'ownership/ownership.service.ts: rejectTransfer':
    'a transfer addressed to the manager, by their own id',
  'ownership/ownership.service.ts: acknowledgeRejection':
    'a transfer the manager asked for, by their own id',
};

interface Walk {
  /** '<module>/<file>: <function>' of each exported function taking an Actor and no Scope. */
  unscoped: string[];
  /** How many exported functions of service files were read. */
  functions: number;
}

/** The exported service functions of the TypeScript project `tsconfig` under `base`. */
function walkServices(base: string, tsconfig: string): Walk {
  const api = new API({ cwd: base });
  try {
    const [project] = api.updateSnapshot({ openProjects: [join(base, tsconfig)] }).getProjects();
    if (!project) throw new Error(`no project at ${tsconfig}`);
    const { program, checker } = project;
    const exportsOf = (file: string) => {
      const source = program.getSourceFile(file);
      const module = source && checker.getSymbolAtLocation(source);
      return module ? checker.getExportsOfModule(module) : [];
    };
    const declared = (file: string, name: string) => {
      const symbol = exportsOf(join(base, file)).find((s) => s.name === name);
      if (!symbol) throw new Error(`${file} exports no ${name}`);
      return symbol.id;
    };
    const actor = declared(GUARD, 'Actor');
    const scope = declared(SCOPE, 'Scope');
    /** The declared type a parameter is written with, through renamed imports. */
    const writtenType = (parameter: TsSymbol): number | undefined => {
      const node = parameter.valueDeclaration?.resolve() as { type?: { kind: number } } | undefined;
      const type = node?.type as { kind: number; typeName?: unknown } | undefined;
      if (type?.kind !== SyntaxKind.TypeReference || !type.typeName) return undefined;
      let symbol = checker.getSymbolAtLocation(type.typeName as never);
      if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      return symbol?.id;
    };

    const walk: Walk = { unscoped: [], functions: 0 };
    for (const file of program.getSourceFileNames().filter(isService)) {
      const serviceName = file.slice(file.indexOf('/modules/') + '/modules/'.length);
      for (const exported of exportsOf(file)) {
        const type = checker.getTypeOfSymbol(exported);
        const signatures = type ? checker.getSignaturesOfType(type, SignatureKind.Call) : [];
        if (signatures.length > 0) walk.functions += 1;
        for (const signature of signatures) {
          const types = signature.getParameters().map(writtenType);
          if (types.includes(actor) && !types.includes(scope))
            walk.unscoped.push(`${serviceName}: ${exported.name}`);
        }
      }
    }
    walk.unscoped.sort();
    return walk;
  } finally {
    api.close();
  }
}

/** A made-up server tree: one scoped function, one allowed, three that forget the scope. */
const madeUp: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
    include: ['apps'],
  }),
  [GUARD]: "export type Actor = { id: string; role: 'admin' | 'manager' };",
  [SCOPE]: "export type Scope = { kind: 'all' } | { kind: 'branch'; branchId: string };",
  'apps/server/src/modules/alpha/alpha.service.ts': [
    "import type { Actor, Actor as Person } from '../../auth/guard';",
    "import type { Scope } from '../../auth/scope';",
    'export function scoped(db: unknown, actor: Actor, scope: Scope) { return [db, actor, scope]; }',
    'export function readsScope(scope: Scope, id: string) { return [scope, id]; }',
    'export function plain(id: string) { return id; }',
    'export function unscoped(db: unknown, actor: Actor) { return [db, actor]; }',
    'export const arrow = (actor: Actor, id: string) => [actor, id];',
    'export function renamed(who: Person) { return who; }',
  ].join('\n'),
  'apps/server/src/modules/alpha/alpha.queries.ts':
    "import type { Actor } from '../../auth/guard';\nexport const notAService = (actor: Actor) => actor;",
};

function walkMadeUp(): Walk {
  const work = mkdtempSync(join(tmpdir(), 'karya-scope-'));
  try {
    for (const [path, text] of Object.entries(madeUp)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), `${text}\n`);
    }
    return walkServices(work, 'tsconfig.json');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

describe('service scope', () => {
  it('flags a made-up service function that takes an actor but no scope', () => {
    expect(walkMadeUp()).toEqual({
      unscoped: [
        'alpha/alpha.service.ts: arrow',
        'alpha/alpha.service.ts: renamed',
        'alpha/alpha.service.ts: unscoped',
      ],
      functions: 6,
    });
  }, 120_000);

  it('finds every service function that takes an actor taking a scope too, but the actor-only ones', () => {
    const walk = walkServices(root, 'apps/server/tsconfig.json');
    expect(walk.functions).toBeGreaterThan(100);
    // An entry that no longer takes an actor without a scope leaves the list with it.
    expect(walk.unscoped).toEqual(Object.keys(ACTOR_ONLY).sort());
  }, 120_000);
});
