import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListPager } from './list-pager';

/** The pager's summary as a user reads it (React's comment markers between texts dropped). */
function summary(html: string): string {
  const span = /<span>(.*?)<\/span>/.exec(html)?.[1] ?? '';
  return span.replace(/<!-- -->/g, '');
}

const noop = () => undefined;

describe('ListPager', () => {
  it('states the pages and the exact total', () => {
    const html = renderToStaticMarkup(
      <ListPager page={2} pageSize={25} total={1234} noun="work orders" onPage={noop} />,
    );
    expect(summary(html)).toBe('Page 2 of 50 · 1,234 work orders');
  });

  it('says "more than" when the server stopped counting a search', () => {
    const html = renderToStaticMarkup(
      <ListPager page={1} pageSize={25} total={10000} capped noun="work orders" onPage={noop} />,
    );
    expect(summary(html)).toBe('Page 1 of 400+ · 10,000+ work orders');
  });

  it('shows nothing for a single page', () => {
    const html = renderToStaticMarkup(
      <ListPager page={1} pageSize={25} total={25} noun="work orders" onPage={noop} />,
    );
    expect(html).toBe('');
  });
});
