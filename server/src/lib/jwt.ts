import jwt from 'jsonwebtoken';

export interface TokenClaims {
  id: string;
  isAdmin: boolean;
}

export interface VerifiedClaims extends TokenClaims {
  /** When the token was issued, in ms (from `iat`). */
  issuedAt: number;
}

/** Session tokens: HS256 only (the algorithm is pinned on both sides), with an expiry. */
export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly expiresIn: string,
  ) {}

  sign(claims: TokenClaims): string {
    return jwt.sign({ id: claims.id, isAdmin: claims.isAdmin }, this.secret, {
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
      return { id: payload.id, isAdmin: payload.isAdmin === true, issuedAt: (payload.iat ?? 0) * 1000 };
    } catch {
      return null;
    }
  }
}
