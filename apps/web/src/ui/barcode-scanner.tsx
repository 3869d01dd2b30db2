import { CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new () => BarcodeDetectorInstance;

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Chromium on Android, ChromeOS and macOS has it; elsewhere the serial is typed in. */
export function canScanWithCamera(): boolean {
  return barcodeDetector() !== undefined && Boolean(navigator.mediaDevices?.getUserMedia);
}

const SCAN_UNSUPPORTED_MESSAGE =
  'Camera scanning is not available in this browser. Please enter the serial number manually.';
const CAMERA_DENIED_MESSAGE =
  'The camera could not be opened. Please allow camera access or enter the serial number manually.';
const SCAN_INTERVAL_MS = 300;

/**
 * Shows the rear camera and reads barcodes with the browser's own BarcodeDetector (no
 * library download). Calls `onDetected` once with the first value read, then stops.
 */
export function BarcodeScanner({
  onDetected,
  onCancel,
}: {
  onDetected: (value: string) => void;
  onCancel: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(
    canScanWithCamera() ? null : SCAN_UNSUPPORTED_MESSAGE,
  );
  const detectedRef = useRef(onDetected);
  detectedRef.current = onDetected;

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector || !navigator.mediaDevices?.getUserMedia) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped) return stop();
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        const detector = new Detector();
        timer = setInterval(() => {
          if (video.readyState < 2) return;
          detector
            .detect(video)
            .then((codes) => {
              const value = codes[0]?.rawValue.trim();
              if (value && !stopped) {
                stop();
                detectedRef.current(value);
              }
            })
            .catch(() => {});
        }, SCAN_INTERVAL_MS);
      })
      .catch(() => {
        if (!stopped) setFailure(CAMERA_DENIED_MESSAGE);
      });
    return stop;
  }, []);

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      {failure ? (
        <Alert tone="warning">{failure}</Alert>
      ) : (
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera preview for scanning a serial number"
          className="aspect-video w-full rounded-md bg-black object-cover"
        />
      )}
      <div className="flex justify-end">
        <Button
          size="sm"
          variant="secondary"
          icon={<CameraOff aria-hidden="true" className="size-4" />}
          onClick={onCancel}
        >
          {failure ? 'Close' : 'Stop Scanning'}
        </Button>
      </div>
    </div>
  );
}
