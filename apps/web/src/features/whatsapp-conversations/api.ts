import type { Conversation } from '@karya/domain/whatsapp-conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Query keys of the conversations; a 'whatsapp' live event invalidates them all. */
export const conversationKeys = {
  all: ['whatsapp-conversations'] as const,
  thread: (contactId: string) => ['whatsapp-conversations', 'thread', contactId] as const,
  unread: () => ['whatsapp-conversations', 'unread'] as const,
};

export function useConversation(contactId: string) {
  return useQuery({
    queryKey: conversationKeys.thread(contactId),
    queryFn: ({ signal }) =>
      apiRequest<Conversation>('GET', '/contact-conversation', undefined, {
        query: { contactId },
        ...(signal ? { signal } : {}),
      }),
  });
}

/** The header's badge: unread messages of the manager's branch (an admin: all). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) =>
      apiRequest<{ unread: number }>(
        'GET',
        '/whatsapp-unread',
        undefined,
        signal ? { signal } : {},
      ),
    // The live events refetch it at once; this only covers a stream that cannot open.
    refetchInterval: 60_000,
  });
}

export function useMarkRead(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ read: number }>('POST', '/whatsapp-thread-read', { contactId }),
    onSuccess: (answer) => {
      if (answer.read > 0) void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}

export function useReply(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<{ status: string }>('POST', '/whatsapp-reply', { contactId, text }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: conversationKeys.thread(contactId) }),
  });
}

export function useOptIn(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ optedOut: boolean }>('POST', '/whatsapp-opt-in', { contactId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: conversationKeys.thread(contactId) }),
  });
}
