import type { WhatsappSettings } from '@karya/domain/whatsapp-conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';

const SETTINGS_KEY = ['whatsapp-settings'] as const;
const FIRST_ACTIVE = '';

/**
 * Issue 40: which branch a lead goes to when a number Karya does not know writes to the
 * business's WhatsApp; without a choice, the first active branch (decision 048).
 */
export function InboundBranchSetting() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const branches = useBranches();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiRequest<WhatsappSettings>('GET', '/whatsapp-settings'),
  });
  const save = useMutation({
    mutationFn: (inboundBranchId: string | null) =>
      apiRequest<WhatsappSettings>('PUT', '/whatsapp-settings', { inboundBranchId }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notify.success('WhatsApp settings saved');
    },
    onError: (error) => notify.error(errorMessage(error, 'Could not save the setting')),
  });
  const active = (branches.data ?? []).filter((branch) => branch.status === 'active');
  const firstActive = active.find((branch) => branch._id === settings.data?.effectiveBranchId);
  // Without the setting there is nothing to choose from: the failure and a way to read it
  // again, rather than a blank, disabled choice.
  if (settings.isError && !settings.data)
    return (
      <section className="mb-4 max-w-5xl space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <Alert>
          {errorMessage(
            settings.error,
            'Failed to fetch where leads from new WhatsApp numbers go.',
          )}
        </Alert>
        <Button
          variant="secondary"
          loading={settings.isFetching}
          onClick={() => void settings.refetch()}
        >
          Retry
        </Button>
      </section>
    );
  return (
    <section className="mb-4 max-w-5xl rounded-lg border border-slate-200 bg-white p-4">
      <SelectField
        label="Leads from new WhatsApp numbers go to"
        value={settings.data?.inboundBranchId ?? FIRST_ACTIVE}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate(event.target.value || null)}
        options={[
          {
            value: FIRST_ACTIVE,
            label: `The first active branch${firstActive && !settings.data?.inboundBranchId ? ` (${firstActive.name})` : ''}`,
          },
          ...active.map((branch) => ({ value: branch._id, label: branch.name })),
        ]}
      />
      <p className="mt-1.5 text-xs text-slate-500">
        A message from a number that is not a lead or customer yet becomes a lead in this branch,
        with the message as its first remark.
      </p>
    </section>
  );
}
