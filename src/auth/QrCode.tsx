import { useEffect, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import QRCode from 'qrcode';

const SIZE = 184;

/** A QR code of a text (an otpauth:// URI), drawn in the browser as an image; nothing leaves the page. */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [value]);
  if (!image) return <Skeleton variant="rectangular" width={SIZE} height={SIZE} />;
  return <Box component="img" src={image} alt={alt} width={SIZE} height={SIZE} sx={{ display: 'block', imageRendering: 'pixelated' }} />;
}
