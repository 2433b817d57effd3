import { useEffect, useState } from 'react';

/** A QR code of a link, drawn in the browser by the qrcode package (loaded on first use). */
export function InvitationQr({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((QR) =>
      QR.toDataURL(url, { margin: 1, width: 360, errorCorrectionLevel: 'M' }).then((data) => {
        if (!cancelled) setSrc(data);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);
  return src ? (
    <img className="ach-qr" src={src} alt={alt} width={180} height={180} data-testid="invitation-qr" />
  ) : (
    <div className="ach-qr skeleton" aria-hidden="true" />
  );
}
