import { AxiosError } from 'axios';

/** A failed call as axios reports it: the status and the body the API answered. */
export function apiError(status: number, body: object): AxiosError {
  return new AxiosError('Request failed', String(status), undefined, undefined, {
    status,
    statusText: '',
    headers: {},
    config: {} as never,
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
