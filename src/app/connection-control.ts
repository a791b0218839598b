// What the session (src/shell/session.ts) hands the UI over its connection to the API: trying again
// now, and logging in again when the token is rejected (none in the demo, which is never refused).

/** The outcome of a login inside the app, in the words the status line says. */
export type LoginOutcome = { readonly ok: true; readonly said: string } | { readonly ok: false; readonly problem: string };

export interface LoginControl {
  /** `Log in again to https://api.example.com`. */
  readonly title: string;
  /** Where the rejected token came from and where the new one is saved (a sentence or two). */
  readonly note: string;
  /** POST /tokens; on success the token is saved to the profile, the client sends it from now on, and the view is read again. */
  logIn(user: string, password: string): Promise<LoginOutcome>;
}

export interface ConnectionControl {
  /** Reads the view on screen again now; while the API cannot be used, the next try goes now. */
  reloadView(): void;
  readonly login?: LoginControl;
}
