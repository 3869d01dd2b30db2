import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import type { ImportKind, ImportPreview, OnDuplicate } from './api/import-types';
import { previewImport, templateUrl, useCommitImport, useImportKinds } from './api/imports-api';
import { headersToAsk } from './column-mapping';
import { FileDropZone } from './file-drop-zone';
import { ImportProgressPanel } from './import-progress-panel';
import { KindPicker } from './kind-picker';
import { MappingStep } from './mapping-step';
import { PastImports } from './past-imports';
import { PreviewPanel } from './preview-panel';
import { fileSize, uploadProblem } from './upload-checks';
import { UploadProgress } from './upload-progress';

type Step =
  | { name: 'choose' }
  | { name: 'uploading'; file: File; fraction: number }
  | {
      name: 'mapping' | 'preview';
      file: File;
      preview: ImportPreview;
      /** The mapping step's answers so far, sent with the file each time it is read again. */
      answered: Record<string, string>;
    };

/**
 * Import (issue 36): a shop's old spreadsheets into Karya. Choose what, the branch, the file;
 * read the preview (nothing changes until 'Import'); then watch it land. A committed import
 * lives at /import/:importId, so a reload finds its progress again.
 */
export function ImportPage() {
  const { importId } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Import"
        description="Bring your customers, catalogue, stock, contracts and dues in from Excel or CSV."
      />
      <div className="space-y-6">
        <Card>
          {importId ? (
            <ImportProgressPanel id={importId} onAnother={() => navigate('/import')} />
          ) : (
            <ImportWizard onCommitted={(id) => navigate(`/import/${id}`)} />
          )}
        </Card>
        <PastImports />
      </div>
    </>
  );
}

function ImportWizard({ onCommitted }: { onCommitted: (id: string) => void }) {
  const viewer = useSessionUser();
  const isAdmin = viewer.role === 'admin';
  const offers = useImportKinds();
  const kinds = offers.data ?? [];
  const [kind, setKind] = useState<ImportKind | null>(null);
  const offer = kinds.find((candidate) => candidate.kind === kind) ?? null;
  const [branch, setBranch] = useState('');
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const commit = useCommitImport();
  const [commitFailure, setCommitFailure] = useState<string | null>(null);
  const branches = useBranches(isAdmin);

  const needsBranch = isAdmin && offer?.perBranch === true;
  const ready = kind !== null && (!needsBranch || branch !== '');

  const send = async (file: File, answered: Record<string, string> = {}) => {
    if (!kind) return;
    setProblem(null);
    setStep({ name: 'uploading', file, fraction: 0 });
    try {
      const preview = await previewImport(
        { kind, file, branch: needsBranch ? branch : null, mapping: answered },
        (fraction) => setStep({ name: 'uploading', file, fraction }),
      );
      setStep({
        name: headersToAsk(preview.unmatched, answered).length > 0 ? 'mapping' : 'preview',
        file,
        preview,
        answered,
      });
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to read the file'));
      setStep({ name: 'choose' });
    }
  };

  const pick = (file: File) => {
    const why = uploadProblem(file);
    if (why) {
      setProblem(`${file.name} (${fileSize(file.size)}): ${why}`);
      return;
    }
    void send(file);
  };

  const startOver = () => {
    setStep({ name: 'choose' });
    setProblem(null);
    setCommitFailure(null);
  };

  const onCommit = async (preview: ImportPreview, onDuplicate: OnDuplicate) => {
    setCommitFailure(null);
    try {
      const run = await commit.mutateAsync({ id: preview._id, onDuplicate });
      onCommitted(run._id ?? preview._id);
    } catch (error) {
      setCommitFailure(errorMessage(error, 'Failed to start the import'));
    }
  };

  if (step.name === 'mapping') {
    return (
      <MappingStep
        preview={step.preview}
        unmatched={headersToAsk(step.preview.unmatched, step.answered)}
        busy={false}
        onMapped={(mapping) => void send(step.file, { ...step.answered, ...mapping })}
        onAnotherFile={startOver}
      />
    );
  }
  if (step.name === 'preview') {
    return (
      <PreviewPanel
        preview={step.preview}
        committing={commit.isPending}
        commitFailure={commitFailure}
        onCommit={(onDuplicate) => void onCommit(step.preview, onDuplicate)}
        onAnotherFile={startOver}
      />
    );
  }

  const uploading = step.name === 'uploading';
  return (
    <div className="space-y-5">
      {offers.isError && !offers.data ? (
        <div className="flex flex-wrap items-center gap-3">
          <Alert>{errorMessage(offers.error, 'Failed to fetch what can be imported')}</Alert>
          <Button
            variant="secondary"
            onClick={() => void offers.refetch()}
            loading={offers.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : offers.isPending ? (
        <Loading label="Loading what can be imported..." />
      ) : kinds.length === 0 ? (
        <Alert tone="info">There is nothing you can import yet. An admin can import for you.</Alert>
      ) : (
        <KindPicker offers={kinds} value={kind} onChange={setKind} disabled={uploading} />
      )}
      {needsBranch ? (
        <SelectField
          label="Branch*"
          placeholder="Select a branch"
          options={(branches.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
          value={branch}
          onChange={(event) => setBranch(event.target.value)}
          disabled={uploading}
          className="max-w-sm"
        />
      ) : null}
      {kind ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          <FileSpreadsheet aria-hidden="true" className="size-5 text-green-700" />
          <span className="min-w-0 flex-1 basis-56">
            Start from the template: its columns, with one example row to replace.
          </span>
          <a
            href={templateUrl(kind)}
            download
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 font-medium text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <Download aria-hidden="true" className="size-4" />
            Download template
          </a>
        </div>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      {uploading ? (
        <UploadProgress file={step.file} fraction={step.fraction} />
      ) : ready ? (
        <FileDropZone onFile={pick} disabled={false} />
      ) : kinds.length > 0 ? (
        <p className="text-sm text-slate-500">
          {kind === null ? 'Choose what you are importing' : 'Choose the branch'} to upload a file.
        </p>
      ) : null}
    </div>
  );
}
