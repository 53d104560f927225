import { ShareSection, type ShareStatus, type ShareTarget } from '@bracelet/finder-card';
import { sharePosition } from '@bracelet/finder-card/share';
import { useState } from 'react';

/** 'Partager votre position': the finder's GPS position, sent to the trusted contact (spec §4, §8). */
export function SharePosition({ target }: { target: ShareTarget }) {
  const [state, setState] = useState<ShareStatus>({ status: 'idle' });
  return <ShareSection state={state} onShare={() => sharePosition(target, setState)} />;
}
