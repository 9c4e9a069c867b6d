import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';

/** A failed call as axios reports it: the status and the body the API answered (`{ code, message, details? }`). */
export function apiError(status: number, body: unknown): AxiosError {
  return new AxiosError('Request failed', String(status), undefined, undefined, {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: body,
  });
}

/** A promise the test settles when it wants to. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** A session token whose payload the auth store can read (the signature is never checked in the browser). */
export function sessionToken(id: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ id, isAdmin: false })}.firma`;
}

/** The user-event session a test drives the page with. */
export type User = ReturnType<typeof userEvent.setup>;

/** The form control whose label is exactly `label`. */
export const field = (label: string) => screen.getByLabelText(label, { exact: true });

/** The message shown under a control (linked by aria-describedby), or null. */
export function messageOf(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Presses `button`, then Confirmar in the dialog that asks, and returns the Resultado dialog once it shows. */
export async function pressAndConfirm(user: User, button: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: button }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  return screen.findByRole('alertdialog', { name: 'Resultado' });
}
