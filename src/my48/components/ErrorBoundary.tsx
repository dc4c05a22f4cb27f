import { Component, type ReactNode } from 'react';
import { say } from '../speech.ts';

/** A screen that fails shows this instead of taking the whole app down; the rest keeps working. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert--error" role="alert">
        <p>{say('my48.screenFailed')}</p>
        <button type="button" className="btn btn--outline" onClick={() => location.reload()}>
          {say('my48.reload')}
        </button>
      </div>
    );
  }
}
