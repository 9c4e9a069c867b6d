import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@pulso/shared';
import { useUiStore } from '../../ui/store';

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: GoogleCredentialResponse) => void }) => void;
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptPromise: Promise<void> | null = null;

/** Loads Google's sign-in script once; it is only requested when a client id is configured. */
function loadScript(): Promise<void> {
  if (window.google?.accounts) return Promise.resolve();
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error(MESSAGES.auth.googleWidgetFailed));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

interface GoogleButtonProps {
  /** Receives the ID token (a JWT) Google issued for this site. */
  onCredential: (credential: string) => void;
  onError: (message: string) => void;
}

/** 'Continuar con Google', shown only when the server has GOOGLE_CLIENT_ID set. */
export function GoogleButton({ onCredential, onError }: GoogleButtonProps) {
  const clientId = useUiStore((s) => s.site.googleClientId);
  const mode = useUiStore((s) => s.mode);
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onError });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    handlers.current = { onCredential, onError };
  }, [onCredential, onError]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadScript()
      .then(() => {
        const node = host.current;
        const identity = window.google?.accounts.id;
        if (cancelled || !node || !identity) return;
        identity.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError(MESSAGES.auth.googleWidgetFailed);
          },
        });
        identity.renderButton(node, {
          type: 'standard',
          theme: mode === 'Dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          locale: 'es',
          width: Math.min(node.clientWidth || 320, 400),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  if (!clientId) return null;
  return (
    <div className="google-button">
      <div ref={host} className="google-button__host" />
      {failed && (
        <p className="field__error" role="alert">
          {MESSAGES.auth.googleWidgetFailed}
        </p>
      )}
    </div>
  );
}
