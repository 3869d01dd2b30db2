import {
  addAdminSchema,
  addBranchUserSchema,
  adminChangePasswordSchema,
  changePasswordSchema,
  deleteUserSchema,
  idOf,
  managerAddTechnicianSchema,
  USER_MESSAGES,
  updateUserSchema,
  userStatusSchema,
} from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, MANAGER_STATES, ROLES } from '../../auth/guard';
import { publicUserSchema } from '../../auth/public-user';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import {
  addOwnBranchTechnician,
  adminChangePassword,
  changeOwnPassword,
  createAccount,
  deleteUser,
  getManagerDetail,
  getUser,
  listOwnBranchTechnicians,
  listUsersByRole,
  setUserStatus,
  updateUser,
} from './users.service';

const userList = z.array(publicUserSchema);
const userIdParams = z.object({ userId: idOf(USER_MESSAGES.userNotFound) });
const listQuery = z.object({
  // 'all' and '' are what a branch filter sends for no filter.
  branch: z.union([z.literal(''), z.literal('all'), idOf(USER_MESSAGES.branchNotFound)]).optional(),
  search: z.string().optional(),
});
const listOptions = (query: z.infer<typeof listQuery>) => ({
  branchId: query.branch && query.branch !== 'all' ? query.branch : undefined,
  search: query.search,
});
const teamMemberSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string(),
  status: z.enum(['active', 'inactive']),
  assigned: z.number(),
  inProgress: z.number(),
  pendingApproval: z.number(),
  completed: z.number(),
  transferring: z.number(),
  transferred: z.number(),
});
const managerDetailSchema = z.object({
  manager: publicUserSchema,
  branch: z.object({ _id: z.string(), name: z.string() }).nullable(),
  performance: z.object({
    teamSize: z.number(),
    workOrders: z.number(),
    assigned: z.number(),
    pendingApproval: z.number(),
    completed: z.number(),
    transferring: z.number(),
    transferred: z.number(),
  }),
  team: z.array(teamMemberSchema),
});

export function usersRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    api.get(
      '/get-admins',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'List admin users (?search= name, email or username)',
          querystring: listQuery.pick({ search: true }),
          response: answers(userList),
        },
      },
      async (request) => ok(await listUsersByRole(db, 'admin', { search: request.query.search })),
    );

    api.post(
      '/add-admins',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Add an admin',
          body: addAdminSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => {
        const user = await createAccount(db, actorOf(request), 'admin', request.body, null);
        return ok(user, USER_MESSAGES.adminAdded);
      },
    );

    api.get(
      '/get-managers',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'List managers (?branch=, ?search=)',
          querystring: listQuery,
          response: answers(userList),
        },
      },
      async (request) => ok(await listUsersByRole(db, 'manager', listOptions(request.query))),
    );

    api.post(
      '/add-managers',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Add a manager to a branch; pending when the branch already has one',
          body: addBranchUserSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => {
        const { branch, ...input } = request.body;
        const user = await createAccount(db, actorOf(request), 'manager', input, branch);
        return ok(user, USER_MESSAGES.managerAdded);
      },
    );

    api.get(
      '/get-technicians',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'List technicians (?branch=, ?search=)',
          querystring: listQuery,
          response: answers(userList),
        },
      },
      async (request) => ok(await listUsersByRole(db, 'technician', listOptions(request.query))),
    );

    api.post(
      '/add-technicians',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Add a technician to any branch',
          body: addBranchUserSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => {
        const { branch, ...input } = request.body;
        const user = await createAccount(db, actorOf(request), 'technician', input, branch);
        return ok(user, USER_MESSAGES.technicianAdded);
      },
    );

    api.get(
      '/manager-get-technician',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "List the technicians of the manager's own branch (?branch is ignored)",
          querystring: z.object({ branch: z.string().optional(), search: z.string().optional() }),
          response: answers(userList),
        },
      },
      async (request) =>
        ok(await listOwnBranchTechnicians(db, requestScope(request), request.query.search)),
    );

    api.post(
      '/manager-add-technician',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "Add a technician to the manager's own branch (a sent branch is ignored)",
          body: managerAddTechnicianSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => {
        const { branch: _ignored, ...input } = request.body;
        const user = await addOwnBranchTechnician(
          db,
          actorOf(request),
          requestScope(request),
          input,
        );
        return ok(user, USER_MESSAGES.technicianAdded);
      },
    );

    api.post(
      '/user-status',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Activate or deactivate a user; deactivation ends their sessions',
          body: userStatusSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => {
        const { user, message } = await setUserStatus(db, actorOf(request), request.body);
        return ok(user, message);
      },
    );

    api.get(
      '/get-user/:userId',
      {
        config: { access: 'authenticated', managerStates: MANAGER_STATES.pendingToo },
        schema: {
          tags,
          summary: 'One user: admin any, manager own-branch technicians and self, others self',
          params: userIdParams,
          response: answers(publicUserSchema),
        },
      },
      async (request) =>
        ok(await getUser(db, actorOf(request), requestScope(request), request.params.userId)),
    );

    // The spec reads the method from a configuration; POST is the listed one, PUT is accepted too.
    api.route({
      method: ['POST', 'PUT'],
      url: '/update-user/:userId',
      config: { access: 'authenticated', managerStates: MANAGER_STATES.pendingToo },
      schema: {
        tags,
        summary: "Edit a user's profile; role, branch, status and password only where allowed",
        params: userIdParams,
        body: updateUserSchema,
        response: answers(publicUserSchema),
      },
      handler: async (request) => {
        const { user, message } = await updateUser(
          db,
          actorOf(request),
          requestScope(request),
          request.params.userId,
          request.body,
        );
        return ok(user, message);
      },
    });

    api.delete(
      '/delete-user',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Delete a user without history (otherwise 409: deactivate instead)',
          body: deleteUserSchema,
          response: answers(z.null()),
        },
      },
      async (request) => {
        await deleteUser(db, actorOf(request), request.body);
        return ok(null, USER_MESSAGES.userDeleted);
      },
    );

    api.post(
      '/change-password/:userId',
      {
        config: { access: 'authenticated', managerStates: MANAGER_STATES.pendingToo },
        schema: {
          tags,
          summary: 'Change one’s own password (the current one is checked)',
          params: userIdParams,
          body: changePasswordSchema,
          response: answers(z.null()),
        },
      },
      async (request) => {
        await changeOwnPassword(
          db,
          actorOf(request),
          request.sessionToken ?? '',
          request.params.userId,
          request.body,
        );
        return ok(null, USER_MESSAGES.passwordChanged);
      },
    );

    api.post(
      '/admin-change-password/:userId',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: "Set a user's password; their sessions end",
          params: userIdParams,
          body: adminChangePasswordSchema,
          response: answers(z.null()),
        },
      },
      async (request) => {
        await adminChangePassword(db, actorOf(request), request.params.userId, request.body);
        return ok(null, USER_MESSAGES.passwordUpdated);
      },
    );

    api.get(
      '/get-manager-detail/:managerId',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'A manager with branch, performance and team (counted from the work orders)',
          params: z.object({ managerId: idOf(USER_MESSAGES.managerNotFound) }),
          response: answers(managerDetailSchema),
        },
      },
      async (request) => ok(await getManagerDetail(db, request.params.managerId)),
    );
  };
}
