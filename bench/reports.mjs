// The owner's reports (issue 38) at the seed's size, beside the bench's ceilings: each report
// over a month and over a year of one branch (the manager's), and the stock report.
//
// The reports read the daily rollups (report_daily_sales, report_daily_technician,
// report_daily_work) that the orders', bills' and payments' own transactions keep; the bench's
// seed writes its orders in bulk SQL, past those transactions, so `seedReportRollups` fills
// the rollups as a business of that size would have them: every branch, every technician,
// every day of the last REPORT_DAYS days. A report's cost then depends on the days it covers, not on the orders behind them;
// the work report's backlog of pending orders is the one figure read from work_orders.

/** Days of rollups the seed lays down: more than a year, so 'a year' reads full rows. */
const REPORT_DAYS = 400;

/** The India day 'YYYY-MM-DD' `n` days before today. */
function indiaDayBefore(n) {
  const india = new Date(Date.now() + 330 * 60 * 1000 - n * 24 * 60 * 60 * 1000);
  return india.toISOString().slice(0, 10);
}

/**
 * Rollup rows for every branch of `branchIds` (and their technicians), day by day: amounts
 * vary with the day so neighbouring rows differ. Nothing when the rollups are not there yet.
 */
export async function seedReportRollups(db, branchIds) {
  const started = performance.now();
  const tables = (
    await db.query(
      `select table_name from information_schema.tables
       where table_name in ('report_daily_sales', 'report_daily_technician', 'report_daily_work')`,
    )
  ).rows.map((row) => row.table_name);
  if (tables.length < 3) return false;
  await db.query(
    `insert into report_daily_sales (branch_id, day, invoiced_taxable_paise, invoiced_tax_paise,
       invoiced_total_paise, collected_cash_paise, collected_upi_paise)
     select b, (current_date - d)::date, 500000 + (d * 7919) % 900000, 90000 + (d * 104729) % 160000,
            590000 + (d * 7919) % 900000 + (d * 104729) % 160000,
            200000 + (d * 31) % 300000, 300000 + (d * 17) % 400000
     from unnest($1::uuid[]) b cross join generate_series(0, $2::int - 1) d
     on conflict do nothing`,
    [branchIds, REPORT_DAYS],
  );
  await db.query(
    `insert into report_daily_technician (technician_id, branch_id, day, completed, approved,
       minutes_on_job, completed_then_complained, billed_paise, transfers, rejections)
     select u.id, u.branch_id, (current_date - d)::date, 1 + d % 5, d % 5, (1 + d % 5) * 95,
            case when d % 13 = 0 then 1 else 0 end, 250000 + (d * 7919) % 500000,
            case when d % 29 = 0 then 1 else 0 end, case when d % 58 = 0 then 1 else 0 end
     from users u cross join generate_series(0, $2::int - 1) d
     where u.role = 'technician' and u.branch_id = any($1::uuid[])
     on conflict do nothing`,
    [branchIds, REPORT_DAYS],
  );
  await db.query(
    `insert into report_daily_work (branch_id, day, project_type, project_category, opened, completed)
     select b, (current_date - d)::date, t.project_type, t.category, 1 + (d + t.n) % 9, (d + t.n) % 8
     from unnest($1::uuid[]) b cross join generate_series(0, $2::int - 1) d
     cross join (values ('CCTV Camera', 'New Installation', 1), ('CCTV Camera', 'Repair', 2),
                        ('Biometric', 'New Installation', 3), ('Networking', 'Maintenance', 4))
                 as t(project_type, category, n)
     on conflict do nothing`,
    [branchIds, REPORT_DAYS],
  );
  await db.query('vacuum analyze report_daily_sales, report_daily_technician, report_daily_work');
  console.log(
    `Seeded ${REPORT_DAYS} days of report rollups for ${branchIds.length} branches in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return true;
}

/** The reports over a month and over a year of the manager's branch, as [name, path, who]. */
export function reportScenarios() {
  const month = `from=${indiaDayBefore(29)}&to=${indiaDayBefore(0)}`;
  const year = `from=${indiaDayBefore(364)}&to=${indiaDayBefore(0)}`;
  return [
    ['GET /api/reports/sales (manager, a month by day)', `/reports/sales?${month}`, 'manager'],
    [
      'GET /api/reports/sales (manager, a year by month)',
      `/reports/sales?${year}&groupBy=month`,
      'manager',
    ],
    ['GET /api/reports/technicians (manager, a month)', `/reports/technicians?${month}`, 'manager'],
    ['GET /api/reports/technicians (manager, a year)', `/reports/technicians?${year}`, 'manager'],
    ['GET /api/reports/work (manager, a month by day)', `/reports/work?${month}`, 'manager'],
    [
      'GET /api/reports/work (manager, a year by month)',
      `/reports/work?${year}&groupBy=month`,
      'manager',
    ],
    ['GET /api/reports/stock (manager)', '/reports/stock', 'manager'],
  ];
}
