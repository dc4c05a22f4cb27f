import { Component, type ReactNode } from 'react';

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
        <p>This part of my48 could not be shown. Please reload the page; if it keeps happening, contact us.</p>
        <button type="button" className="btn btn--outline" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
