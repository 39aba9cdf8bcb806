import { Component, type ReactNode } from "react";

interface Props {
  /** What to show instead of the broken part; gets the error's message and a way to try again. */
  fallback(message: string, reset: () => void): ReactNode;
  children: ReactNode;
}

/** Keeps one unexpected rendering failure (say, an odd trace) inside its own card. */
export class ErrorBoundary extends Component<Props, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message === null ? this.props.children : this.props.fallback(this.state.message, () => this.setState({ message: null }));
  }
}
