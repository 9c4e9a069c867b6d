import { OAuth2Client } from 'google-auth-library';

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Verifies Google ID tokens: signature, audience (our client id), Google issuers and expiry. */
export class GoogleVerifier {
  private readonly client: OAuth2Client;

  constructor(
    private readonly clientId: string,
    certsUrl?: string,
  ) {
    this.client = new OAuth2Client({
      clientId,
      // Node's own fetch: gaxios would otherwise import node-fetch dynamically, which fails under
      // test runners that load CommonJS.
      transporterOptions: { fetchImplementation: fetch },
      ...(certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: certsUrl } } : {}),
    });
  }

  /** The token's profile, or null when Google's signature, audience, issuer or expiry do not hold. */
  async verify(idToken: string): Promise<GoogleProfile | null> {
    if (idToken.length > 4096) return null;
    try {
      const ticket = await this.client.verifyIdToken({ idToken, audience: this.clientId });
      const payload = ticket.getPayload();
      if (!payload?.sub || !payload.email) return null;
      return {
        subject: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        name: payload.name ?? '',
      };
    } catch {
      return null;
    }
  }
}
