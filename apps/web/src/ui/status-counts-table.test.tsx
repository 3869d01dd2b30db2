import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CountsRow, StatusCountsTable } from './status-counts-table';

const row = (id: string, counts: Partial<CountsRow>): CountsRow & { name: string } => ({
  _id: id,
  name: `Row ${id}`,
  assigned: 0,
  inProgress: 0,
  pendingApproval: 0,
  completed: 0,
  transferring: 0,
  transferred: 0,
  ...counts,
});

/** The cell texts of every body row, in order; the last one is the Total row. */
function bodyRows(html: string): string[][] {
  const body = html.slice(html.indexOf('<tbody'));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((match) =>
    [...(match[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1] ?? ''),
  );
}

describe('StatusCountsTable', () => {
  const rows = [
    row('a', { assigned: 2, inProgress: 1, transferred: 4 }),
    row('b', { assigned: 1, pendingApproval: 3, completed: 5, transferring: 1 }),
  ];

  it('adds the rows up column by column in the Total row when no total is given', () => {
    const html = renderToStaticMarkup(
      <StatusCountsTable rows={rows} label="Team Overview" nameOf={(item) => item.name} />,
    );
    expect(bodyRows(html)).toEqual([
      ['Row a', '2', '1', '0', '0', '0', '4'],
      ['Row b', '1', '0', '3', '5', '1', '0'],
      ['Total', '3', '1', '3', '5', '1', '4'],
    ]);
  });

  it("shows the server's total as it is when one is given", () => {
    const total = {
      assigned: 9,
      inProgress: 8,
      pendingApproval: 7,
      completed: 6,
      transferring: 5,
      transferred: 4,
    };
    const html = renderToStaticMarkup(
      <StatusCountsTable
        rows={rows}
        total={total}
        label="Branch Overview"
        nameOf={(item) => item.name}
      />,
    );
    expect(bodyRows(html).at(-1)).toEqual(['Total', '9', '8', '7', '6', '5', '4']);
  });

  it('keeps a Status column, blank in the Total row', () => {
    const html = renderToStaticMarkup(
      <StatusCountsTable
        rows={rows}
        label="Technicians Overview"
        nameOf={(item) => item.name}
        statusCell={() => 'active'}
      />,
    );
    expect(html).toContain('>Status</th>');
    expect(bodyRows(html).at(-1)).toEqual(['Total', '3', '1', '3', '5', '1', '4', '']);
  });
});
