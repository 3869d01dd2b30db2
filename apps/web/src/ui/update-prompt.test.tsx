import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What vite-plugin-pwa's hook answers: a fake worker registration, waiting or not. */
const registration = vi.hoisted(() => ({ needRefresh: false, update: vi.fn() }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [registration.needRefresh, () => undefined],
    offlineReady: [false, () => undefined],
    updateServiceWorker: registration.update,
  }),
}));

const { default: UpdatePrompt } = await import('./update-prompt');

beforeEach(() => {
  registration.update.mockReset();
});

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    registration.needRefresh = false;
    expect(renderToStaticMarkup(<UpdatePrompt />)).toBe('');
  });

  it('shows the notice when a new version waits, and Reload activates it', () => {
    registration.needRefresh = true;
    const html = renderToStaticMarkup(<UpdatePrompt />);
    expect(html).toContain('A new version is ready');
    expect(html).toContain('Reload');
    const notice = UpdatePrompt() as { props: { onReload: () => void } };
    notice.props.onReload();
    expect(registration.update).toHaveBeenCalledWith(true);
  });
});
