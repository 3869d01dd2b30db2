import { create } from 'qrcode';
import { useMemo } from 'react';

/** Spec 2 §9: the UPI QR is drawn at error-correction level H. */
export const QR_ERROR_CORRECTION = 'H';
/** Spec 2 §9: 180 px in the wizard, 200 px in the details dialog. */
export const QR_SIZE = { wizard: 180, dialog: 200 } as const;
/** The white border a scanner needs around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code as one SVG path, in module units with the quiet zone
 * included. Drawn as SVG rather than a canvas so it stays sharp when printed or zoomed.
 */
export function qrPath(text: string): { modules: number; path: string; levelBit: number } {
  const code = create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const { size, data } = code.modules;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (data[row * size + column]) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  // The library's level object carries the standard's 2-bit code (H is 2).
  const levelBit = (code.errorCorrectionLevel as unknown as { bit: number }).bit;
  return { modules: size + QUIET_ZONE * 2, path, levelBit };
}

export function UpiQr({ value, size, label }: { value: string; size: number; label: string }) {
  const { modules, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
