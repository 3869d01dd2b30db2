import { errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { monthText } from './amc-display';
import { useAmcReport } from './api/get-amc-report';

const COLUMNS = [
  'Branch',
  'Active contracts',
  'Contract value',
  'Visits done',
  'Visits due',
  'Visits overdue',
  'Parts used under contracts',
];
/** Only an admin's answer carries what the parts cost the shop (issue 33 item 1). */
const ADMIN_COLUMNS = [...COLUMNS, 'Their purchase cost'];

/**
 * The AMC report (issue 23): per branch, the active contracts and what they are worth, this
 * month's visits done, still due and overdue, and the parts given at ₹0 at their sale price;
 * an admin also reads what those parts cost the shop.
 */
export function AmcReportCard({ branch }: { branch: string | null }) {
  const report = useAmcReport(branch);
  const title = report.data ? `AMC report · ${monthText(report.data.month)}` : 'AMC report';
  return (
    <Card title={title} padded={false} className="mt-6">
      {report.isError && !report.data ? (
        <Alert className="m-4">{errorMessage(report.error, 'Failed to load the AMC report')}</Alert>
      ) : report.isPending ? (
        <Loading label="Loading the AMC report..." />
      ) : report.data.rows.length === 0 ? (
        <EmptyState
          title="No contracts yet"
          description="Figures show once a branch has a contract."
        />
      ) : (
        <Table
          columns={
            report.data.rows.some((row) => row.partsCost !== undefined) ? ADMIN_COLUMNS : COLUMNS
          }
          label="AMC report"
        >
          {report.data.rows.map((row) => (
            <tr key={row.branch._id} aria-label={row.branch.name}>
              <Td className="font-medium text-slate-900">{row.branch.name}</Td>
              <Td className="tabular-nums">{row.activeContracts}</Td>
              <Td className="tabular-nums">{rupees(row.activeValue)}</Td>
              <Td className="tabular-nums">{row.visitsDone}</Td>
              <Td className="tabular-nums">{row.visitsDue}</Td>
              <Td
                className={
                  row.visitsOverdue > 0 ? 'font-medium text-red-700 tabular-nums' : 'tabular-nums'
                }
              >
                {row.visitsOverdue}
              </Td>
              <Td className="tabular-nums">{rupees(row.partsValue)}</Td>
              {row.partsCost === undefined ? null : (
                <Td className="tabular-nums">{rupees(row.partsCost)}</Td>
              )}
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
