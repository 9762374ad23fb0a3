import { CameraOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { barcodeDetector } from './detector';

/** A code seen again within this delay of its last sighting is the same article still in front of the camera. */
const SAME_ARTICLE_MS = 2000;
const EVERY_MS = 200;

/** Why the camera cannot be used, in French. */
function cameraProblem(error: unknown) {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'La caméra est refusée : autorisez-la pour ce site dans les réglages du navigateur.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Aucune caméra trouvée sur cet appareil.';
  if (name === 'NotReadableError') return 'La caméra est utilisée par une autre application : fermez-la puis réessayez.';
  return 'La caméra ne peut pas lire les codes-barres ici. Tapez le code ou utilisez une douchette.';
}

/**
 * "Caméra": scans barcodes with the phone's back camera, one article after another (each code
 * read is handed to `onCode`, which adds it to the ticket), until "Terminé".
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const last = { code: '', at: 0 };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return;
        video.current!.srcObject = stream;
        await video.current!.play().catch(() => undefined);
        const detector = await barcodeDetector();
        let busy = false;
        timer = setInterval(async () => {
          if (busy || stopped || !video.current || video.current.readyState < 2) return;
          busy = true;
          try {
            for (const { rawValue } of await detector.detect(video.current)) {
              // Still in view (seen again within the delay): the same article, however long it stays there.
              const again = rawValue === last.code && Date.now() - last.at < SAME_ARTICLE_MS;
              Object.assign(last, { code: rawValue, at: Date.now() });
              if (again) continue;
              setSeen(rawValue);
              latest.current(rawValue);
            }
          } finally {
            busy = false;
          }
        }, EVERY_MS);
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    setProblem(null);
    setSeen(null);
  };
  return (
    <>
      <Button size="large" icon={<CameraOutlined />} onClick={() => setOpen(true)} aria-label="Scanner avec la caméra" />
      <Modal
        open={open}
        title="Scanner avec la caméra"
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            Terminé
          </Button>
        }
        destroyOnHidden
      >
        {problem ? (
          <Alert type="warning" showIcon message={problem} />
        ) : (
          <>
            <video ref={video} playsInline muted style={{ width: '100%', borderRadius: 8, background: '#000' }} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="camera-seen">
              {seen ? `Lu : ${seen}` : 'Visez le code-barres de l’article.'}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
