import { assignOrder, createOrder, unique } from '@karya/test-factories';
import { expect, type Request, test } from '@playwright/test';
import { answer, disposeTeam } from '../support/api';
import { signIn } from '../support/login';
import { PHONE, seedWorkOrderTeam } from '../support/work-orders';

/** Issue 17: the most a list request of the technician dashboard may ask for at once. */
const LARGEST_PAGE = 50;
/** What the server sends when a list request names no page size. */
const SERVER_DEFAULT_PAGE = 100;
const ORDERS = 25;

/** The page size a request asks for, or the server's default for a list without one. */
function pageSizeOf(request: Request): number | null {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return null;
  const size = url.searchParams.get('pageSize') ?? url.searchParams.get('limit');
  if (size !== null) return Number(size);
  return /work-orders|projects/.test(url.pathname) && !url.pathname.includes('counts')
    ? SERVER_DEFAULT_PAGE
    : null;
}

test('the technician’s phone asks for one page per list, and the next as the list scrolls', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const team = await seedWorkOrderTeam(baseURL as string);
  const [technician] = team.technicians;
  // More orders than one page holds, each assigned in turn (so the last is the newest).
  const customers: string[] = [];
  for (let n = 0; n < ORDERS; n += 1) {
    const name = unique(`Phone customer ${n} `);
    const order = await createOrder(team.manager.api, { name });
    await assignOrder(team.manager.api, order, technician.id);
    customers.push(name);
  }

  // Every API request of the phone, from the login on.
  const context = await browser.newContext({
    baseURL: baseURL as string,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  const asked: Array<{ url: string; pageSize: number }> = [];
  context.on('request', (request) => {
    const pageSize = pageSizeOf(request);
    if (pageSize !== null) asked.push({ url: request.url(), pageSize });
  });
  const phone = await context.newPage();
  await signIn(phone, technician.username, technician.password);
  await expect(phone).toHaveURL(/\/technician-dashboard$/);

  // The counts come from the server, not from counting a fetched list.
  await expect(phone.getByRole('button', { name: /Active Assignments/ })).toContainText(
    String(ORDERS),
  );
  const tasks = phone.getByRole('list', { name: 'Your Tasks' }).getByRole('listitem');
  await expect(tasks).toHaveCount(20);
  // Newest update first: the order assigned last leads.
  await expect(tasks.first()).toContainText(customers[ORDERS - 1] as string);

  // Opened again (a reload: the cached copy, then the server's), still one page at a time.
  await phone.reload();
  await expect(tasks).toHaveCount(20);
  const firstLoad = [...asked];
  expect(firstLoad.length, 'the dashboard asked for its lists').toBeGreaterThan(0);
  for (const request of firstLoad) {
    expect(request.pageSize, request.url).toBeLessThanOrEqual(LARGEST_PAGE);
  }

  // Scrolled to its end, the list fetches the next page by itself.
  await phone.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(tasks).toHaveCount(ORDERS);
  await expect(phone.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(tasks.last()).toContainText(customers[0] as string);
  expect(asked.some((request) => new URL(request.url).searchParams.get('page') === '2')).toBe(true);
  for (const request of asked) {
    expect(request.pageSize, request.url).toBeLessThanOrEqual(LARGEST_PAGE);
  }

  // The All tab's boxes count all of them too.
  await phone
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('button', { name: 'All' })
    .click();
  await expect(
    phone
      .getByRole('region', { name: 'Project counts' })
      .getByRole('button', { name: /^\d+\s*Assigned\b/ }),
  ).toHaveText(new RegExp(`^${ORDERS}`));
  await context.close();
  const technicianApi = technician.api.request;
  const counts = await answer<{ total: number }>(
    await technicianApi.get('/api/technician-work-order-counts'),
  );
  expect(counts.total).toBe(ORDERS);
  await disposeTeam(team);
});
