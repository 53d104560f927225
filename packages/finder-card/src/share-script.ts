/**
 * The only script of the server-rendered finder's page (ADR 018): 'Partager votre position' on the
 * card, and the welcome page leaving the bracelet's id for the wizard. Bundled by the gateway at
 * boot (esbuild, minified), a couple of kilobytes: the card itself needs no script at all.
 */

import { sharePosition } from './share';
import { type ShareStatus, shareButtonOf, shareMessageOf } from './share-state';
import { WIZARD_BRACELET_KEY } from './texts';

function showShareState(button: HTMLButtonElement, state: ShareStatus): void {
  const look = shareButtonOf(state.status);
  button.textContent = look.label;
  button.className = look.className;
  button.disabled = look.disabled;
  // The line FormMessage draws under the button in the app, with the same class and role.
  button.parentElement?.querySelector('p.alert')?.remove();
  const message = shareMessageOf(state);
  if (!message) return;
  const line = document.createElement('p');
  line.className = `alert alert--${message.kind}`;
  line.setAttribute('role', message.kind === 'error' ? 'alert' : 'status');
  line.textContent = message.text;
  button.after(line);
}

const button = document.querySelector<HTMLButtonElement>('button[data-share-bracelet]');
if (button) {
  const { shareBracelet = '', shareChild = '', sharePhone = '' } = button.dataset;
  button.addEventListener('click', () =>
    sharePosition({ braceletId: shareBracelet, childFirstName: shareChild, contactPhone: sharePhone }, (state) =>
      showShareState(button, state),
    ),
  );
}

const welcome = document.querySelector<HTMLElement>('[data-welcome-bracelet]');
if (welcome?.dataset.welcomeBracelet) {
  try {
    localStorage.setItem(WIZARD_BRACELET_KEY, welcome.dataset.welcomeBracelet);
  } catch {
    // Private browsing or full storage: the wizard then asks for the bracelet.
  }
}
