import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TokenClaims {
  id: string;
  isAdmin: boolean;
}

export interface VerifiedClaims extends TokenClaims {
  /** When the token was issued, in ms (from `iat`). */
  issuedAt: number;
  /** When it stops being accepted, in ms (from `exp`; Infinity without one). */
  expiresAt: number;
}

/** Session tokens: HS256 only (the algorithm is pinned on both sides), with an expiry. */
export class TokenService {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries to read it
   * as a public key and then builds a secret key, on every call (a quarter of a busy server's CPU).
   */
  private readonly secret: KeyObject;

  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /**
   * `iatMs` is the issue moment in milliseconds: `iat` counts whole seconds, too coarse to tell a
   * session opened just before a password change or a suspension from one opened just after.
   * `after`: the moment the user's older sessions were closed, which this one must follow.
   */
  sign(claims: TokenClaims, options: { after?: Date } = {}): string {
    // A session that must outlive a closing of sessions (the one that changed the password) is
    // issued after it, even within the same millisecond.
    const iatMs = Math.max(Date.now(), (options.after?.getTime() ?? 0) + 1);
    return jwt.sign({ id: claims.id, isAdmin: claims.isAdmin, iatMs }, this.secret, {
      algorithm: 'HS256',
      expiresIn: this.expiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  /** The claims of a valid token, or null for anything else (unsigned, tampered, expired, malformed). */
  verify(token: string): VerifiedClaims | null {
    if (token.length > 4096) return null;
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || typeof payload.id !== 'string') return null;
      return {
        id: payload.id,
        isAdmin: payload.isAdmin === true,
        issuedAt: typeof payload.iatMs === 'number' ? payload.iatMs : (payload.iat ?? 0) * 1000,
        expiresAt: payload.exp === undefined ? Infinity : payload.exp * 1000,
      };
    } catch {
      return null;
    }
  }
}
