import { Loading } from '@bracelet/ui';
import { Component, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode; name: string };
type State = { failed: boolean };

/**
 * Wraps a remote: a spinner while it loads, and if it cannot load (network, deploy in progress)
 * a French message, while the header, footer and other remotes keep working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`remote ${this.props.name} failed`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="narrow center" role="alert">
          <h1>Cette page n'a pas pu être chargée</h1>
          <p className="muted">Vérifiez votre connexion internet, puis réessayez. Le reste du site reste disponible.</p>
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Réessayer
          </button>
        </div>
      );
    }
    return <Suspense fallback={<Loading />}>{this.props.children}</Suspense>;
  }
}
