import type { CatalogueListItem } from '@karya/domain/inventory-answers';
import type { BusinessProfile } from '@karya/domain/invoice-schemas';
import type {
  CreateQuotationInput,
  Quotation,
  QuotationListItem,
  QuotationSummary,
  QuoteStatus,
  UpdateQuotationInput,
} from '@karya/domain/quotation-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { CACHE_FIRST } from '../../lib/cache-first';
import { inventoryKeys } from '../../shared/inventory-keys';
import { type ListPage, listPageOf } from '../../shared/use-paged-list';

export interface QuotationListFilters {
  status: QuoteStatus | null;
  search: string;
  branch: string | null;
  leadId?: string | null;
  customerId?: string | null;
}

export const quotationKeys = {
  all: ['quotations'] as const,
  lists: () => ['quotations', 'list'] as const,
  list: (filters: QuotationListFilters, page: number, pageSize: number) =>
    ['quotations', 'list', filters, { page, pageSize }] as const,
  one: (id: string, version: number | null) =>
    ['quotations', 'one', id, version ?? 'latest'] as const,
  summary: (branch: string | null) => ['quotations', 'summary', branch ?? 'own'] as const,
};

/**
 * The list as the contract shapes it ({ data, total, page, limit } inside the envelope); an
 * array with X-Total-Count, as the older lists answer, reads the same.
 */
export function quotationPageOf(
  answer: unknown,
  headers: Headers | null,
): ListPage<QuotationListItem> {
  if (Array.isArray(answer)) return listPageOf(answer as QuotationListItem[], headers);
  const body = answer as { data?: QuotationListItem[]; total?: number } | null;
  const items = body?.data ?? [];
  return { items, total: body?.total ?? items.length, capped: false };
}

/** GET /quotations: one page of the filtered list, newest first. */
export function useQuotationList(
  filters: QuotationListFilters,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: quotationKeys.list(filters, page, pageSize),
    queryFn: async ({ signal }) => {
      let headers: Headers | null = null;
      const answer = await apiRequest<unknown>('GET', '/quotations', undefined, {
        query: {
          status: filters.status,
          search: filters.search.trim() || null,
          branchId: filters.branch,
          leadId: filters.leadId ?? null,
          customerId: filters.customerId ?? null,
          page,
          limit: pageSize,
        },
        signal,
        onHeaders: (answered) => {
          headers = answered;
        },
      });
      return quotationPageOf(answer, headers);
    },
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}

/** GET /quotations/{id}(?version=): the latest version unless another is asked for. */
export function useQuotation(id: string, version: number | null) {
  return useQuery({
    queryKey: quotationKeys.one(id, version),
    queryFn: ({ signal }) =>
      apiRequest<Quotation>('GET', `/quotations/${encodeURIComponent(id)}`, undefined, {
        query: { version },
        signal,
      }),
    // A quote changes under the desk (viewed, accepted on the phone): always asked afresh.
    refetchOnMount: 'always',
  });
}

/** GET /quotation-summary: the month's figures per branch and the quotes expiring soon. */
export function useQuotationSummary(branch: string | null) {
  return useQuery({
    queryKey: quotationKeys.summary(branch),
    queryFn: ({ signal }) =>
      apiRequest<QuotationSummary>('GET', '/quotation-summary', undefined, {
        query: { branchId: branch },
        signal,
      }),
    ...CACHE_FIRST,
  });
}

/**
 * GET /get-all-inventory: the catalogue under the inventory area's own key, so the builder
 * and the inventory screens share one copy. Purchase prices, which admins' answers carry,
 * are never read here.
 */
export function useCatalogueItems() {
  return useQuery({
    queryKey: inventoryKeys.catalogue(),
    queryFn: ({ signal }) =>
      apiRequest<CatalogueListItem[]>('GET', '/get-all-inventory', undefined, { signal }),
    ...CACHE_FIRST,
  });
}

function useQuotationMutation<Input>(request: (input: Input) => Promise<Quotation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (quote) => {
      queryClient.setQueryData(quotationKeys.one(quote._id, null), quote);
      void queryClient.invalidateQueries({ queryKey: quotationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['quotations', 'summary'] });
    },
  });
}

export const useCreateQuotation = () =>
  useQuotationMutation((body: CreateQuotationInput) =>
    apiRequest<Quotation>('POST', '/quotations', body),
  );

export const useUpdateQuotation = (id: string) =>
  useQuotationMutation((body: UpdateQuotationInput) =>
    apiRequest<Quotation>('PATCH', `/quotations/${encodeURIComponent(id)}`, body),
  );

export const useReviseQuotation = (id: string) =>
  useQuotationMutation(() =>
    apiRequest<Quotation>('POST', `/quotations/${encodeURIComponent(id)}/revise`),
  );

export interface SentQuotation {
  number: string;
  version: number;
  token: string;
  url: string;
  sentAutomatically: boolean;
}

export function useSendQuotation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SentQuotation>('POST', `/quotations/${encodeURIComponent(id)}/send`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
  });
}

export function useConfirmAdvance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; transactionId: string }) =>
      apiRequest<unknown>('POST', `/quotations/${encodeURIComponent(id)}/advance`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
  });
}

export interface QuoteContact {
  kind: 'lead' | 'customer';
  _id: string;
  name: string;
  phoneNumber: string;
  address: string;
}

/** The lead or customer a new quote is for, as the contacts endpoints answer. */
export function useQuoteContact(kind: 'lead' | 'customer', id: string) {
  return useQuery({
    enabled: id !== '',
    queryKey: ['quotations', 'contact', kind, id] as const,
    queryFn: async ({ signal }) => {
      const path = kind === 'lead' ? '/get-single-lead/' : '/get-single-customer/';
      const contact = await apiRequest<Omit<QuoteContact, 'kind'>>(
        'GET',
        `${path}${encodeURIComponent(id)}`,
        undefined,
        { signal },
      );
      return { ...contact, kind } satisfies QuoteContact;
    },
  });
}

/**
 * GET /business-profile: the PDF's letterhead, the name in the WhatsApp message and the
 * terms a new quote starts with (quoteTerms; absent from a profile cached before quotes).
 */
export const businessProfileQuery = {
  queryKey: ['quotations', 'business-profile'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<Omit<BusinessProfile, 'quoteTerms'> & { quoteTerms?: string }>(
      'GET',
      '/business-profile',
      undefined,
      signal ? { signal } : {},
    ),
  staleTime: 5 * 60 * 1000,
};

export function useBusinessProfile() {
  return useQuery(businessProfileQuery);
}
