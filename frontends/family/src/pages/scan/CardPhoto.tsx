import * as endpoints from '@bracelet/contracts/endpoints';
import { useState } from 'react';

/** The child's photo on the finder's card (served by scan), or nothing if there is none. */
export function CardPhoto({ photo, name }: { photo: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!photo || failed) return null;
  return <img className="avatar" src={endpoints.scanPhotoUrl(photo)} alt={name} width={96} height={96} onError={() => setFailed(true)} />;
}
