import type {
  AmcActivationInput,
  AmcActivationPlan,
  AmcContract,
  AmcContractDetail,
  CreateAmcContractInput,
  MoveAmcVisitInput,
  UpdateAmcContractInput,
} from '@karya/domain/amc-schemas';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from '../../../shared/dashboard-keys';
import { amcKeys } from './amc-keys';

const contractPath = (contractId: string, action = '') =>
  `/amc-contracts/${encodeURIComponent(contractId)}${action}`;

/** What any change of a contract can move: its lists, its report, the dashboard's counts. */
function refreshAfterChange(queryClient: QueryClient, contract?: AmcContractDetail | AmcContract) {
  if (contract && 'visits' in contract) {
    queryClient.setQueryData(amcKeys.contract(contract._id), contract);
  }
  void queryClient.invalidateQueries({ queryKey: amcKeys.all });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** What the New contract dialog sends: the input as typed, before the server's defaults. */
export type NewContractBody = Omit<
  CreateAmcContractInput,
  | 'termMonths'
  | 'priceIncludesTax'
  | 'gstRate'
  | 'coverage'
  | 'coveredItemIds'
  | 'billing'
  | 'notes'
> &
  Partial<CreateAmcContractInput>;

/** POST /amc-contracts: a draft for a customer (from a completed installation with fromOrderId). */
export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewContractBody) =>
      apiRequest<AmcContractDetail>('POST', '/amc-contracts', body),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}

/**
 * POST /amc-contracts/:id/activate: draft → active; its visits are laid out and invoiced. A
 * back-dated contract sends what became of the visits behind it (issue 39 item 7).
 */
export function useActivateContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: AmcActivationInput) =>
      apiRequest<AmcContractDetail>('POST', contractPath(contractId, '/activate'), choices),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}

/** GET /amc-contracts/:id/activation-plan: what activating now, with these choices, does. */
export function useActivationPlan(contractId: string, choices: AmcActivationInput) {
  const query = new URLSearchParams(
    Object.entries(choices).flatMap(([key, value]) => (value ? [[key, value]] : [])),
  ).toString();
  return useQuery({
    queryKey: [...amcKeys.contract(contractId), 'activation-plan', query],
    queryFn: ({ signal }) =>
      apiRequest<AmcActivationPlan>(
        'GET',
        `${contractPath(contractId, '/activation-plan')}${query ? `?${query}` : ''}`,
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /amc-contracts/:id/cancel with the reason. */
export function useCancelContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<AmcContractDetail>('POST', contractPath(contractId, '/cancel'), { reason }),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}

/** POST /amc-contracts/:id/renew: the next term as a new draft, which the answer is. */
export function useRenewContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AmcContractDetail>('POST', contractPath(contractId, '/renew')),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}

/** POST /amc-contracts/:id/visits/:number/move: a new date, why, and whether later ones follow. */
export function useMoveVisit(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, ...body }: MoveAmcVisitInput & { number: number }) =>
      apiRequest<AmcContractDetail>(
        'POST',
        contractPath(contractId, `/visits/${number}/move`),
        body,
      ),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}

/** PATCH /amc-contracts/:id: a draft's terms; the customer and installation stay. */
export function useUpdateContract(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAmcContractInput) =>
      apiRequest<AmcContractDetail>('PATCH', contractPath(contractId), body),
    onSuccess: (contract) => refreshAfterChange(queryClient, contract),
  });
}
