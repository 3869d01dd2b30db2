import type { PastInstalmentChoice, PastVisitChoice } from '@karya/domain/amc';
import type { AmcActivationPlan, AmcContractDetail } from '@karya/domain/amc-schemas';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';
import { dayText } from './amc-display';
import { useActivateContract, useActivationPlan } from './api/contract-changes';
import { RadioGroup } from './radio-group';

const PAST_VISITS: Record<PastVisitChoice, string> = {
  'done-before-karya': 'They were done before Karya: mark them done',
  'open-orders': 'Open their work orders now (they show as overdue)',
};
const PAST_INSTALMENTS: Record<PastInstalmentChoice, string> = {
  'billed-outside': 'They were billed outside Karya: issue no invoice for them',
  issue: 'Issue their invoices now',
};

/**
 * 'Activate' asks before it issues anything (issue 39 item 7): what becomes of the visits
 * already behind a back-dated contract, then exactly which invoices and orders activating
 * creates, from the server's own plan of it.
 */
export function ActivateContractDialog({
  contract,
  onClose,
}: {
  contract: AmcContractDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [pastVisits, setPastVisits] = useState<PastVisitChoice | null>(null);
  const [pastInstalments, setPastInstalments] = useState<PastInstalmentChoice | null>(null);
  const choices = {
    ...(pastVisits ? { pastVisits } : {}),
    ...(pastInstalments ? { pastInstalments } : {}),
  };
  const plan = useActivationPlan(contract._id, choices);
  const activate = useActivateContract(contract._id);
  const [error, setError] = useState<string | null>(null);
  const ready =
    plan.data && !plan.data.needsPastVisitsChoice && !plan.data.needsPastInstalmentsChoice;

  const confirm = () =>
    activate.mutate(choices, {
      onSuccess: () => {
        notify.success('Contract activated: its visits are scheduled');
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, 'Could not activate the contract')),
    });

  return (
    <Modal
      open
      onClose={onClose}
      title="Activate contract"
      description={`${contract.contractNumber} · ${contract.customer.name}`}
      dismissible={!activate.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={activate.isPending}>
            Not now
          </Button>
          <Button
            onClick={confirm}
            disabled={!ready || plan.isFetching}
            loading={activate.isPending}
            loadingText="Activating..."
          >
            Activate contract
          </Button>
        </>
      }
    >
      {plan.isPending ? (
        <Loading label="Working out what activating does..." />
      ) : plan.isError && !plan.data ? (
        <Alert>{errorMessage(plan.error, 'Could not work out what activating does')}</Alert>
      ) : plan.data ? (
        <div className="space-y-4 text-sm text-slate-700">
          {plan.data.pastVisits.length > 0 ? (
            <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
              <p className="text-amber-900">
                This contract started on {dayText(contract.startDate)}: {pastCount(plan.data)}{' '}
                already due ({plan.data.pastVisits.map((v) => dayText(v.dueDate)).join(', ')}).
              </p>
              <RadioGroup
                label="The visits already due"
                value={pastVisits}
                options={PAST_VISITS}
                onChange={setPastVisits}
              />
              {contract.billing === 'instalments' ? (
                <RadioGroup
                  label="Their instalments"
                  value={pastInstalments}
                  options={PAST_INSTALMENTS}
                  onChange={setPastInstalments}
                />
              ) : null}
            </div>
          ) : null}
          {ready ? <PlanSummary plan={plan.data} contract={contract} /> : null}
          {error ? <Alert>{error}</Alert> : null}
        </div>
      ) : null}
    </Modal>
  );
}

const pastCount = (plan: AmcActivationPlan) =>
  plan.pastVisits.length === 1 ? '1 visit was' : `${plan.pastVisits.length} visits were`;

/** What activating issues and opens, as the server will do it. */
function PlanSummary({ plan, contract }: { plan: AmcActivationPlan; contract: AmcContractDetail }) {
  const amount = (rupeesOf: number) =>
    `${rupees(rupeesOf)}${contract.priceIncludesTax ? ` incl. ${contract.gstRate}% GST` : ` + ${contract.gstRate}% GST`}`;
  const lines = [
    ...plan.invoices.map((invoice) =>
      invoice.instalments > 1
        ? `Invoice for instalment ${invoice.instalment} of ${invoice.instalments}: ${amount(invoice.amount)}`
        : `Invoice for the term: ${amount(invoice.amount)}`,
    ),
    ...plan.orders.map(
      (visit) => `Work order for visit ${visit.number}, due ${dayText(visit.dueDate)}`,
    ),
    ...plan.doneBeforeKarya.map((visit) => `Visit ${visit.number} marked done before Karya`),
    ...plan.billedOutside.map((number) => `Instalment ${number} left as billed outside Karya`),
  ];
  return (
    <section aria-label="On activation">
      <p className="font-medium text-slate-900">On activation</p>
      {lines.length === 0 ? (
        <p className="mt-1">
          Nothing is issued now: the visits are scheduled and each invoice comes with its visit.
        </p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
