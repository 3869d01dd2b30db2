import {
  answerChecklistInput,
  checklistTemplateSchema,
  CHECKLIST_MESSAGES as M,
  saveChecklistInput,
  workOrderChecklistSchema,
} from '@karya/domain/checklists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import {
  answerWorkOrderChecklist,
  getWorkOrderChecklist,
  listChecklistTemplates,
  saveChecklistTemplate,
} from './checklists.service';

const templatesAnswer = answers(z.array(checklistTemplateSchema));
const checklistAnswer = answers(workOrderChecklistSchema);

/** Job checklists per project type (issue 22): admins define them, technicians answer. */
export function checklistsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['checklists'];

    api.get(
      '/checklist-templates',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "Every project type's checklist items in order (empty until an admin adds some)",
          response: templatesAnswer,
        },
      },
      async () => ok(await listChecklistTemplates(db)),
    );

    api.put(
      '/checklist-templates',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            "A project type's checklist: its items in order (id to keep an item, none for a new one; those left out are removed)",
          body: saveChecklistInput,
          response: templatesAnswer,
        },
      },
      async (request) =>
        ok(
          await saveChecklistTemplate(db, actorOf(request), requestScope(request), request.body),
          M.checklistSaved,
        ),
    );

    api.get(
      '/work-order-checklist',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "An order's checklist and answers (its technician, the branch's managers, admins); missingRequired lists what blocks sending for approval",
          querystring: z.object({
            orderId: z.string({ error: M.invalidProject }).trim().min(1, M.invalidProject),
          }),
          response: checklistAnswer,
        },
      },
      async (request) =>
        ok(
          await getWorkOrderChecklist(
            db,
            actorOf(request),
            requestScope(request),
            request.query.orderId,
          ),
        ),
    );

    api.post(
      '/answer-work-order-checklist',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "The order's technician answers one item while the order is in progress (yes/no, a number or text; null clears it)",
          body: answerChecklistInput,
          response: checklistAnswer,
        },
      },
      async (request) =>
        ok(
          await answerWorkOrderChecklist(db, actorOf(request), requestScope(request), request.body),
          M.answerSaved,
        ),
    );
  };
}
