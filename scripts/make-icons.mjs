// The installable app's icons (issue 20), drawn from the logo (apps/web/public/karya.svg) by
// Chromium and written to apps/web/public/: 192 and 512 px for the home screen, and a
// maskable 512 px one whose glyph sits inside the safe zone (the inner 80 %) on a full-bleed
// background, so Android's round or squircle mask never cuts the letter.
//   node scripts/make-icons.mjs        (CHROME_PATH, default /usr/bin/chromium)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const BLUE = '#1d4ed8';
const GLYPH = 'M20 14h8v15l14-15h10L37 30l16 20H42L31 35l-3 3v12h-8z';

/** The logo as drawn by karya.svg: a rounded square, transparent corners. */
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/><path d="${GLYPH}" fill="#fff"/></svg>`;
/** Full bleed, the glyph scaled to 60 % about the centre: well inside the 80 % safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.6) translate(-33 -32)"><path d="${GLYPH}" fill="#fff"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: plain },
  { file: 'icon-512.png', size: 512, svg: plain },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    writeFileSync(`${publicDir}${file}`, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
