import { useCallback, useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/**
 * The signature pad alone, without the job's queue or dialog, so the customer's public quote
 * page (issue 35) signs on the same pad as the technician's phone without loading the desk's
 * query and queue code.
 */
export const canvasBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));

/**
 * The pad: a white canvas the customer signs on with a finger (or the mouse), sized to its
 * box at the screen's pixel density (at most 2×, which keeps the PNG a few tens of kB).
 */
export function useSignaturePad(onChange: (empty: boolean) => void) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const attach = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      padRef.current?.off();
      padRef.current = null;
      canvasRef.current = canvas;
      if (!canvas) return;
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      const pad = new SignaturePad(canvas, {
        backgroundColor: 'rgb(255, 255, 255)',
        penColor: 'rgb(15, 23, 42)',
      });
      pad.clear();
      pad.addEventListener('endStroke', () => onChange(pad.isEmpty()));
      padRef.current = pad;
      onChange(true);
    },
    [onChange],
  );
  useEffect(() => () => padRef.current?.off(), []);
  return {
    attach,
    clear: () => {
      padRef.current?.clear();
      onChange(true);
    },
    blob: () => (canvasRef.current ? canvasBlob(canvasRef.current) : Promise.resolve(null)),
    /** The drawing as a PNG data: URL, for an answer sent as JSON (a quote's acceptance). */
    dataUrl: () => canvasRef.current?.toDataURL('image/png') ?? null,
  };
}
