import { useState } from 'react';
import { ListPager } from '../../ui/list-pager';
import { Table, Td } from '../../ui/table';
import type { ImportRowError } from './api/import-types';

const PAGE_SIZE = 20;

/** Each refused row with the column and the form's own message, a page at a time. */
export function RowErrorsTable({ errors }: { errors: readonly ImportRowError[] }) {
  const [page, setPage] = useState(1);
  const shown = errors.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <>
      <Table columns={['Row', 'Column', 'Problem']} label="Rows with errors" phoneCards>
        {shown.map((error) => (
          <tr key={`${error.row}-${error.column}-${error.message}`}>
            <Td label="Row" className="tabular-nums">
              {error.row}
            </Td>
            <Td label="Column">{error.column || '—'}</Td>
            <Td label="Problem" className="whitespace-normal text-red-700">
              {error.message}
            </Td>
          </tr>
        ))}
      </Table>
      <ListPager
        page={page}
        pageSize={PAGE_SIZE}
        total={errors.length}
        noun="errors"
        onPage={setPage}
      />
    </>
  );
}
