import {
  CHECKLIST_ANSWER_KIND_LABELS,
  CHECKLIST_ANSWER_KINDS,
  CHECKLIST_LABEL_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  type ChecklistAnswerKind,
  type ChecklistTemplate,
} from '@karya/domain/checklists';
import { formatDateTime } from '@karya/domain/format';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { useChecklistTemplates, useSaveChecklist } from './api/checklist-templates';

/**
 * Job Checklists (admins, issue 22): per project type, what the technician checks on every
 * job before sending it for approval. Empty until an admin adds items.
 */
export function ChecklistsPage() {
  const templates = useChecklistTemplates();
  const [editing, setEditing] = useState<ChecklistTemplate | null>(null);
  return (
    <>
      <PageHeader
        title="Job Checklists"
        description="What the technician checks on every job of a project type. A job is not sent for approval until its required items are answered."
      />
      {templates.isError ? (
        <Card className="max-w-3xl">
          <div className="space-y-3">
            <Alert>
              {errorMessage(templates.error, 'Server error. Failed to fetch the checklists.')}
            </Alert>
            <Button variant="secondary" onClick={() => void templates.refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      ) : !templates.data ? (
        <Loading label="Loading checklists..." />
      ) : (
        <div className="grid max-w-5xl gap-4 md:grid-cols-2">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.projectType}
              template={template}
              onEdit={() => setEditing(template)}
            />
          ))}
        </div>
      )}
      {editing ? <EditChecklistDialog template={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function TemplateCard({ template, onEdit }: { template: ChecklistTemplate; onEdit: () => void }) {
  return (
    <section
      aria-label={`${template.projectType} checklist`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{template.projectType}</h2>
          <p className="text-xs text-slate-500">
            {template.updatedAt ? `Changed ${formatDateTime(template.updatedAt)}` : 'No checklist'}
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit Checklist
        </Button>
      </div>
      {template.items.length === 0 ? (
        <p className="text-sm text-slate-500">No items</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {template.items.map((item) => (
            <li key={item.id}>
              {item.label}{' '}
              <span className="text-xs text-slate-500">
                · {CHECKLIST_ANSWER_KIND_LABELS[item.kind]}
                {item.required ? ' · Required' : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface DraftItem {
  /** The saved item's id; a new item has none until saved. */
  id?: string;
  /** Tells rows apart while editing, saved or not. */
  key: string;
  label: string;
  kind: ChecklistAnswerKind;
  required: boolean;
}

let draftCount = 0;
const newKey = () => {
  draftCount += 1;
  return `new-${draftCount}`;
};

function EditChecklistDialog({
  template,
  onClose,
}: {
  template: ChecklistTemplate;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useSaveChecklist();
  const [items, setItems] = useState<DraftItem[]>(() =>
    template.items.map((item) => ({ ...item, key: item.id })),
  );
  const [failure, setFailure] = useState<string | null>(null);

  const change = (key: string, patch: Partial<DraftItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) =>
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const add = () =>
    setItems((current) => [
      ...current,
      { key: newKey(), label: '', kind: 'yes-no', required: false },
    ]);

  const submit = () => {
    setFailure(null);
    save.mutate(
      {
        projectType: template.projectType,
        items: items.map(({ id, label, kind, required }) => ({
          ...(id ? { id } : {}),
          label,
          kind,
          required,
        })),
      },
      {
        onSuccess: () => {
          notify.success('Checklist saved');
          onClose();
        },
        // The server's words (an empty item, one named twice); the edits stay.
        onError: (error) => setFailure(errorMessage(error, 'Failed to save the checklist')),
      },
    );
  };

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      dismissible={!save.isPending}
      title={`Edit Checklist: ${template.projectType}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} loadingText="Saving...">
            Save Checklist
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">
            No items: jobs of this project type have no checklist.
          </p>
        ) : (
          <ol className="space-y-3">
            {items.map((item, index) => {
              const number = index + 1;
              return (
                <li
                  key={item.key}
                  aria-label={`Item ${number}`}
                  className="space-y-2 rounded-lg border border-slate-200 p-3"
                >
                  <div className="flex items-center gap-2">
                    <span className="w-6 shrink-0 text-sm text-slate-500">{number}.</span>
                    <input
                      aria-label={`Item ${number} label`}
                      value={item.label}
                      maxLength={CHECKLIST_LABEL_MAX_LENGTH}
                      placeholder="e.g. DVR recording checked"
                      onChange={(event) => change(item.key, { label: event.target.value })}
                      className="block h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-3 pl-8">
                    <select
                      aria-label={`Item ${number} answer`}
                      value={item.kind}
                      onChange={(event) =>
                        change(item.key, { kind: event.target.value as ChecklistAnswerKind })
                      }
                      className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
                    >
                      {CHECKLIST_ANSWER_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {CHECKLIST_ANSWER_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </select>
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        checked={item.required}
                        onChange={(event) => change(item.key, { required: event.target.checked })}
                        className="size-4 rounded border-slate-300"
                      />
                      Required
                    </label>
                    <div className="ml-auto flex gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move item ${number} up`}
                        disabled={index === 0}
                        icon={<ArrowUp aria-hidden="true" className="size-4" />}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move item ${number} down`}
                        disabled={index === items.length - 1}
                        icon={<ArrowDown aria-hidden="true" className="size-4" />}
                        onClick={() => move(index, 1)}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete item ${number}`}
                        icon={<Trash2 aria-hidden="true" className="size-4 text-red-600" />}
                        onClick={() =>
                          setItems((current) => current.filter((entry) => entry.key !== item.key))
                        }
                      />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <Button
          variant="secondary"
          icon={<Plus aria-hidden="true" className="size-4" />}
          disabled={items.length >= CHECKLIST_MAX_ITEMS}
          onClick={add}
        >
          Add Item
        </Button>
      </div>
    </Modal>
  );
}
