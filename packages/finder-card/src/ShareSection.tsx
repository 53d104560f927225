/** @jsxRuntime automatic */
import { FormMessage } from '@bracelet/ui/feedback';
import type { ReactNode } from 'react';
import { type ShareStatus, type ShareTarget, shareButtonOf, shareMessageOf } from './share-state';
import { shareTexts } from './texts';

/**
 * 'Partager votre position' (spec §4, §8). In the app, `onShare` is React's; in the first
 * response, `target` is written on the button and the small script (share-script.ts) takes over.
 */
export function ShareSection({
  state,
  onShare,
  target,
  noScript,
}: {
  state: ShareStatus;
  onShare?: () => void;
  target?: ShareTarget;
  noScript?: ReactNode;
}) {
  const button = shareButtonOf(state.status);
  const message = shareMessageOf(state);
  return (
    <section className="card" aria-labelledby="share-position">
      <h2 id="share-position">{shareTexts.heading}</h2>
      <p className="muted">{shareTexts.explanation}</p>
      <button
        type="button"
        className={button.className}
        onClick={onShare}
        disabled={button.disabled}
        data-share-bracelet={target?.braceletId}
        data-share-child={target?.childFirstName}
        data-share-phone={target?.contactPhone}
      >
        {button.label}
      </button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {noScript}
    </section>
  );
}
