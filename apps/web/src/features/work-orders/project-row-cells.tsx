import { formatPhone } from '@karya/domain/phone-rules';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { Td } from '../../ui/table';
import { personName } from './work-order-display';

/** The first cells of a row of the desk's project lists: its number, technician and customer. */
export function ProjectPeopleCells({ number, order }: { number: number; order: WorkOrderDetail }) {
  return (
    <>
      <Td hideOnPhone>{number}</Td>
      <Td label="Technician">{personName(order.technician, 'Not Assigned')}</Td>
      <Td>
        <div className="font-medium text-slate-900">{order.customerName}</div>
        <div className="text-xs text-slate-500">{formatPhone(order.customerPhone)}</div>
      </Td>
    </>
  );
}
