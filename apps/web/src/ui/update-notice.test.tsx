import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { UpdateNotice } from './update-notice';

/** The page's text as a user reads it (tags and React's comment markers dropped). */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first <button> element the notice draws. */
function buttonOf(node: ReactNode): ReactElement<{ onClick: () => void }> | null {
  if (!isValidElement<{ children?: ReactNode }>(node)) return null;
  if (node.type === 'button') return node as ReactElement<{ onClick: () => void }>;
  const children = node.props.children;
  for (const child of Array.isArray(children) ? children : [children]) {
    const found = buttonOf(child);
    if (found) return found;
  }
  return null;
}

describe('UpdateNotice (a new version is waiting)', () => {
  it('says so in the exact words, with a Reload button, without blocking the page', () => {
    const html = renderToStaticMarkup(<UpdateNotice onReload={() => undefined} />);
    expect(text(html)).toBe('A new version is ready — Reload');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="dialog"');
    expect(html).toMatch(/<button type="button"[^>]*>.*Reload<\/button>/);
  });

  it('activates the waiting version only when Reload is pressed', () => {
    const onReload = vi.fn();
    const button = buttonOf(UpdateNotice({ onReload }));
    expect(onReload).not.toHaveBeenCalled();
    button?.props.onClick();
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
