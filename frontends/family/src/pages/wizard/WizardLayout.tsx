import { Stepper } from '@bracelet/ui';
import type { ReactNode } from 'react';

const steps = ['Votre compte', "Le profil de l'enfant", 'Association'];

/** The configuration wizard's frame: its title and 3-step progress bar. */
export function WizardLayout({ step, title, children }: { step: 1 | 2 | 3; title: string; children: ReactNode }) {
  return (
    <div className="narrow">
      <p className="muted center">Configuration du bracelet</p>
      <Stepper steps={steps} current={step} />
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** The bracelet being configured: the one last scanned on /b/{id}. */
export function scannedBraceletId(): string | null {
  try {
    return localStorage.getItem('braceletId');
  } catch {
    return null;
  }
}

/** Once linked, the scanned bracelet is no longer waiting to be configured. */
export function forgetScannedBracelet(): void {
  try {
    localStorage.removeItem('braceletId');
  } catch {
    // nothing to clean
  }
}
