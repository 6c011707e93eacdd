import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';

interface Props {
  children: ReactNode;
  /** Text shown when the children fail to render. */
  message?: string;
  /** Changing this (e.g. the path) clears a shown failure. */
  resetKey?: unknown;
  /** In place of one part of a panel (a row, a modal's body): no margin of its own. */
  inline?: boolean;
}

/** Shows a short failure text instead of a blank screen when a page or panel fails to render. */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert severity="error" sx={{ m: this.props.inline ? 0 : 2 }}>
          {this.props.message ?? Texts.global.pageError}
        </Alert>
      );
    }
    return this.props.children;
  }
}
