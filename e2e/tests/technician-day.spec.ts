import { indiaInstant } from '@karya/domain/schedule';
import { createOrder, dataOf } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs, seedWorkOrderTeam } from '../support/work-orders';

/**
 * Issue 34: the technician's phone lists the jobs booked for today in time order, each with
 * the arrival window the customer was told, and the next days' below; a tap opens the job.
 */

/** India's date today and tomorrow, 'YYYY-MM-DD', whatever this machine's zone. */
function indiaDays(): { today: string; tomorrow: string } {
  const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
  return { today: ist(Date.now()), tomorrow: ist(Date.now() + 24 * 3_600_000) };
}

test("the phone shows today's booked jobs in time order with their windows, then tomorrow's", async ({
  browser,
  baseURL,
}) => {
  const { manager, technicians, order } = await seedWorkOrderTeam(baseURL ?? '');
  const [technician] = technicians;
  const { today, tomorrow } = indiaDays();
  const book = async (
    orderId: string,
    day: string,
    clock: string,
    window?: { start: string; end: string },
  ) =>
    dataOf(manager.api, 'POST', '/api/schedule-work-order', {
      orderId,
      technicianId: technician.id,
      start: indiaInstant(day, clock).toISOString(),
      durationMinutes: 60,
      // Whatever day of the week the journey runs on, and the early hour.
      override: true,
      ...(window ? { window } : {}),
    });
  const later = await createOrder(manager.api);
  const next = await createOrder(manager.api);
  // Booked out of order: the later one first.
  await book(later.orderId, today, '07:00');
  await book(order.orderId, today, '06:00', { start: '05:30', end: '07:00' });
  await book(next.orderId, tomorrow, '06:00');

  const phone = await openAs(browser, baseURL ?? '', technician, 'phone');
  await phone.goto('/technician-dashboard');
  const todays = phone.getByRole('list', { name: 'Booked today' }).getByRole('listitem');
  await expect(todays).toHaveCount(2);
  await expect(todays.nth(0)).toContainText('6:00 am – 7:00 am');
  await expect(todays.nth(0)).toContainText(order.customerName);
  await expect(todays.nth(0)).toContainText('Customer told 5:30 am – 7:00 am');
  await expect(todays.nth(1)).toContainText('7:00 am – 8:00 am');
  await expect(todays.nth(1)).toContainText(later.customerName);
  await expect(phone.getByRole('heading', { name: 'Next days' })).toBeVisible();
  await expect(phone.getByRole('list', { name: /^Booked / }).nth(1)).toContainText(
    next.customerName,
  );
  expect(await pageWidth(phone)).toBeLessThanOrEqual(360);
  await shot(phone, 'technician-day', { fullPage: false });

  await todays.nth(0).getByRole('button').click();
  await expect(phone.getByRole('dialog', { name: order.projectType })).toBeVisible();
  await phone.context().close();
});
