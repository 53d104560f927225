import * as endpoints from '@bracelet/contracts/endpoints';
import { CardPhotoImage } from '@bracelet/finder-card';
import { useState } from 'react';

/** The child's photo on the finder's card (served by scan), or nothing if there is none or it fails to load. */
export function CardPhoto({ photo, name }: { photo: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!photo || failed) return null;
  return <CardPhotoImage src={endpoints.scanPhotoUrl(photo)} name={name} onError={() => setFailed(true)} />;
}
