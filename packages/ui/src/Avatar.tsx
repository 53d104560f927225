import * as endpoints from '@bracelet/contracts/endpoints';
import { useState } from 'react';

/** A child's photo, or a default avatar when there is none or it fails to load. */
export function Avatar({ photo, name, size = 56 }: { photo: string | null | undefined; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!photo || failed) {
    return (
      <span className="avatar avatar--default" style={{ width: size, height: size }} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img className="avatar" src={endpoints.childPhotoUrl(photo)} alt={name} width={size} height={size} onError={() => setFailed(true)} />
  );
}
