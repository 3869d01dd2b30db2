import { assignOrder, createOrder } from '@karya/test-factories';
import { expect, type Locator, test } from '@playwright/test';
import { pngOf } from '../support/images';
import { seeNotice } from '../support/notice';
import { openAs, seedWorkOrderTeam, startOnPhone } from '../support/work-orders';

/*
 * Issue 22, the photos: the technician, on the phone, adds a before and an after photo with
 * captions to the order in progress; the phone shrinks them (longest side 1600 px, JPEG)
 * before upload; one taken with no signal waits in the phone's queue and uploads when the
 * signal returns; a blurred one is taken back; the manager sees the rest on the project
 * details, before, during, after.
 */

/** Every image in the list has loaded through its authorised route, at most 1600 px wide. */
async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await expect
      .poll(() =>
        images.nth(index).evaluate((image) => (image as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(
      await images.nth(index).evaluate((image) => (image as { naturalWidth: number }).naturalWidth),
    ).toBeLessThanOrEqual(1600);
  }
}

test('the technician adds before, after and (offline) during photos on the phone; the manager sees them on the project details', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const order = await createOrder(team.manager.api);
  await assignOrder(team.manager.api, order, technician.id);

  const phone = await openAs(browser, base, technician, 'phone');
  await test.step('the technician starts the order and opens the Photos panel', async () => {
    await startOnPhone(phone, order.customerName);
    await expect(phone.getByRole('region', { name: 'Photos' })).toContainText('0 photos');
  });

  await test.step('a before photo and an after photo, each with its caption', async () => {
    const photos = phone.getByRole('region', { name: 'Photos' });
    await photos.getByLabel('Stage').selectOption('Before');
    await photos.getByLabel('Caption').fill('Wall before drilling');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'before.png',
      mimeType: 'image/png',
      buffer: pngOf(2400, 1200, [200, 180, 160]),
    });
    await seeNotice(phone, 'Photo added');
    await photos.getByLabel('Stage').selectOption('After');
    await photos.getByLabel('Caption').fill('Camera mounted');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'after.png',
      mimeType: 'image/png',
      buffer: pngOf(800, 600, [40, 90, 160]),
    });
    await seeNotice(phone, 'Photo added');
    await expect(photos).toContainText('2 photos');
    await expect(photos.getByRole('img', { name: 'Before: Wall before drilling' })).toBeVisible();
    await expect(photos.getByRole('img', { name: 'After: Camera mounted' })).toBeVisible();
    await expectLoaded(photos.getByRole('img'), 2);
    // Both PNGs reached the server re-encoded by the phone as JPEG.
    const listed = await phone.request.get(
      `${base}/api/work-order-photos?orderId=${order.orderId}`,
    );
    const stored: { contentType: string }[] = (await listed.json()).data;
    expect(stored.map((photo) => photo.contentType)).toEqual(['image/jpeg', 'image/jpeg']);
  });

  await test.step('with no signal a photo waits on the phone and uploads when the signal returns', async () => {
    const photos = phone.getByRole('region', { name: 'Photos' });
    await phone.context().setOffline(true);
    await photos.getByLabel('Stage').selectOption('During');
    await photos.getByLabel('Caption').fill('Cables laid');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'during.png',
      mimeType: 'image/png',
      buffer: pngOf(1200, 900, [90, 160, 40]),
    });
    await seeNotice(phone, 'Saved on this phone');
    const waiting = phone.getByRole('region', { name: 'Waiting to sync' });
    await expect(waiting).toContainText('During photo: Cables laid');
    await phone.context().setOffline(false);
    await expect(waiting).toHaveCount(0);
    await expect(photos).toContainText('3 photos');
    await expect(photos.getByRole('img', { name: 'During: Cables laid' })).toBeVisible();
  });

  await test.step('a blurred photo is taken back: gone from the phone, never seen by the manager', async () => {
    const photos = phone.getByRole('region', { name: 'Photos' });
    await photos.getByLabel('Stage').selectOption('During');
    await photos.getByLabel('Caption').fill('Blurred');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'blurred.png',
      mimeType: 'image/png',
      buffer: pngOf(640, 480, [128, 128, 128]),
    });
    await seeNotice(phone, 'Photo added');
    await expect(photos).toContainText('4 photos');
    await photos.getByRole('button', { name: 'Remove During: Blurred' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Remove photo' });
    await confirm.getByRole('button', { name: 'Remove photo' }).click();
    await seeNotice(phone, 'Photo removed');
    await expect(photos).toContainText('3 photos');
    await expect(photos.getByRole('img', { name: 'During: Blurred' })).toHaveCount(0);
  });

  await test.step('the manager sees the photos on the project details', async () => {
    const manager = await openAs(browser, base, team.manager, 'desktop');
    await manager.goto('/manager-dashboard');
    await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    const details = manager.getByRole('dialog', { name: 'Project Details' });
    const photos = details.getByRole('region', { name: 'Photos' });
    await expect(photos.getByRole('img', { name: 'Before: Wall before drilling' })).toBeVisible();
    await expect(photos.getByRole('img', { name: 'After: Camera mounted' })).toBeVisible();
    await expect(photos.getByRole('img', { name: 'During: Cables laid' })).toBeVisible();
    await expectLoaded(photos.getByRole('img'), 3);
    // The story of the job: before, during, after, whatever order they were taken in.
    const alts = await photos
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(alts).toEqual([
      'Before: Wall before drilling',
      'During: Cables laid',
      'After: Camera mounted',
    ]);
    await expect(photos.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  });
});
