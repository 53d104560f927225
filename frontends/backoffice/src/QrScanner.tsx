import { Html5Qrcode, Html5QrcodeSupportedFormats } from 'html5-qrcode';
import { useEffect, useRef, useState } from 'react';

const READER_ID = 'reader';

/**
 * The camera scanner (html5-qrcode, spec §9: 10 frames a second, a 250 px box, a reader 300 px
 * wide). While `active`, it reads until one code is decoded, hands it to `onCode` once and stops
 * there (spec §4: the scanner does not keep scanning); the page makes it active again.
 */
export function QrScanner({ active, onCode }: { active: boolean; onCode: (text: string) => void }) {
  const latest = useRef(onCode);
  latest.current = onCode;
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!active) return;
    let decoded = false;
    const scanner = new Html5Qrcode(READER_ID, { verbose: false, formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE] });
    const started = scanner
      .start(
        { facingMode: 'environment' },
        { fps: 10, qrbox: 250 },
        (text) => {
          if (decoded) return;
          decoded = true;
          latest.current(text);
        },
        () => undefined, // no code in this frame: keep looking
      )
      .then(
        () => {
          setProblem(undefined);
          return true;
        },
        () => {
          setProblem(
            'La caméra n’est pas disponible : autorisez-la dans le navigateur, ou saisissez l’identifiant du bracelet ci-dessous.',
          );
          return false;
        },
      );
    return () => {
      void started.then(async (running) => {
        if (!running) return;
        await scanner.stop().catch(() => undefined);
        scanner.clear();
      });
    };
  }, [active]);

  return (
    <div className="scanner">
      <div id={READER_ID} className="scanner__reader" />
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
