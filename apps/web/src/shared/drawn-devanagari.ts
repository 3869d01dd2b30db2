import type { jsPDF } from 'jspdf';

/**
 * For tests: the Devanagari runs a PDF drew as shaped glyphs (decision 042), in the order
 * drawn, read back from the ActualText each run's marked span carries.
 */
export function drawnDevanagari(pdf: jsPDF): string[] {
  const content = (pdf.internal.pages as unknown as Array<string[] | null>)
    .flatMap((page) => page ?? [])
    .join('\n');
  return [...content.matchAll(/\/ActualText <FEFF([0-9a-f]*)>/g)].map(([, hex = '']) =>
    String.fromCharCode(
      ...Array.from({ length: hex.length / 4 }, (_, index) =>
        Number.parseInt(hex.slice(index * 4, index * 4 + 4), 16),
      ),
    ),
  );
}
