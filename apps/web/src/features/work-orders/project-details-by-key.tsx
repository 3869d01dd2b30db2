import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { getWorkOrderDetails } from './api/get-work-order-details';
import { workOrderKeys } from './api/work-order-keys';
import { ProjectDetailsModal } from './project-details-modal';

/**
 * Project Details for an order known only by its keys (a customer's Work Orders & Complaints
 * row): loads the details first, then shows the same dialog as the lists do.
 */
export function ProjectDetailsByKey({
  customerId,
  orderId,
  onClose,
}: {
  customerId: string;
  orderId: string;
  onClose: () => void;
}) {
  const details = useQuery({
    queryKey: workOrderKeys.detail(customerId, orderId),
    queryFn: ({ signal }) => getWorkOrderDetails(customerId, orderId, signal),
  });
  if (details.data) return <ProjectDetailsModal row={details.data} onClose={onClose} />;
  return (
    <Modal
      open
      onClose={onClose}
      title="Project Details"
      description={orderId}
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {details.isError ? (
        <Alert>{errorMessage(details.error, 'Failed to fetch projects')}</Alert>
      ) : (
        <Loading />
      )}
    </Modal>
  );
}
