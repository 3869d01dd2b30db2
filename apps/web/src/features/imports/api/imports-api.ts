import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { apiUrl } from '../../../lib/api-url';
import { importKeys } from './import-keys';
import {
  type ImportKind,
  type ImportKindOffer,
  type ImportPreview,
  type ImportRun,
  isFinished,
  type OnDuplicate,
} from './import-types';

export interface PreviewRequest {
  kind: ImportKind;
  file: File;
  branch: string | null;
  /** The mapping step's answer: header → column key, '' to ignore it. */
  mapping?: Record<string, string>;
}

/**
 * POST /imports (multipart), which writes nothing but the preview. XMLHttpRequest rather
 * than fetch: a 20 MB file on shop Wi-Fi takes a while, and only XHR tells how much has gone.
 */
export function previewImport(
  request: PreviewRequest,
  onUploaded: (fraction: number) => void,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('kind', request.kind);
  if (request.branch) form.append('branch', request.branch);
  if (request.mapping && Object.keys(request.mapping).length > 0)
    form.append('mapping', JSON.stringify(request.mapping));
  form.append('file', request.file, request.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/imports'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploaded(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      let body: { success?: boolean; data?: ImportPreview; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data) {
        resolve(body.data);
      } else {
        reject(new ApiError(body ? xhr.status : 0, body?.message ?? NETWORK_ERROR_MESSAGE));
      }
    };
    xhr.send(form);
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, onDuplicate }: { id: string; onDuplicate: OnDuplicate }) =>
      apiRequest<ImportRun>('POST', `/imports/${id}/commit`, { onDuplicate }),
    onSuccess: (run) => {
      queryClient.setQueryData(importKeys.run(run._id), run);
      void queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}

/** How often a running import is asked after: the bar moves each second. */
const POLL_MS = 1000;

/** GET /imports/{id}, asked again each second until it is done or failed. */
export function useImportRun(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.run(id ?? ''),
    queryFn: async ({ signal }) => {
      const run = await apiRequest<ImportRun>('GET', `/imports/${id}`, undefined, { signal });
      if (isFinished(run)) void queryClient.invalidateQueries({ queryKey: importKeys.list() });
      return run;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const run = query.state.data;
      return run && (isFinished(run) || run.status === 'previewed') ? false : POLL_MS;
    },
    // The bar must keep moving in a background tab too: the user comes back to see it done.
    refetchIntervalInBackground: true,
  });
}

/** GET /import-kinds: the kinds the server imports today that this user may import. */
export function useImportKinds() {
  return useQuery({
    queryKey: importKeys.kinds(),
    queryFn: ({ signal }) =>
      apiRequest<ImportKindOffer[]>('GET', '/import-kinds', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /imports: the past imports, newest first. */
export function useImports() {
  return useQuery({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => apiRequest<ImportRun[]>('GET', '/imports', undefined, { signal }),
  });
}

export const templateUrl = (kind: ImportKind) => apiUrl(`/import-templates/${kind}`);
export const errorRowsUrl = (id: string) => apiUrl(`/imports/${id}/error-rows`);
