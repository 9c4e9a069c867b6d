import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { TokenService } from './jwt';
import { CloudinaryStorage } from './cloudinary-storage';
import { GridFsStorage } from './gridfs-storage';
import { Lifecycle } from './lifecycle';
import { createMailer, type Mailer } from './mailer';
import { PasswordHasher } from './password';
import { LocalDiskStorage, type StorageDriver } from './storage';
import { DemoPaymentProvider, type PaymentProvider } from '../modules/payments/payment-provider';
import { createStripeClient, StripePaymentProvider } from '../modules/payments/stripe-provider';
import { GoogleVerifier } from '../modules/users/google';

/** What request handlers need from the outside world, built once per app. */
export interface AppContext {
  config: Config;
  tokens: TokenService;
  passwords: PasswordHasher;
  storage: StorageDriver;
  /** Null when this installation sells no plans online (production without Stripe or DEMO_PAYMENTS). */
  payments: PaymentProvider | null;
  mailer: Mailer;
  /** Null when GOOGLE_CLIENT_ID is not set. */
  google: GoogleVerifier | null;
  /** Whether the process is draining before it stops (read by /api/ready). */
  lifecycle: Lifecycle;
}

function createStorage(config: Config): StorageDriver {
  if (config.storage === 'gridfs') return new GridFsStorage();
  if (config.storage === 'cloudinary' && config.cloudinaryUrl) return new CloudinaryStorage(config.cloudinaryUrl);
  return new LocalDiskStorage(config.uploadsDir);
}

export function createContext(config: Config, logger: Pick<Logger, 'info'> = { info: () => undefined }): AppContext {
  return {
    config,
    tokens: new TokenService(config.jwtSecret, config.jwtExpiresIn),
    passwords: new PasswordHasher(config.bcryptCost, config.passwordWorkers),
    storage: createStorage(config),
    payments: config.stripe
      ? new StripePaymentProvider(createStripeClient(config.stripe.secretKey, config.stripe.apiBase))
      : config.demoPayments
        ? new DemoPaymentProvider()
        : null,
    google: config.googleClientId ? new GoogleVerifier(config.googleClientId, config.googleCertsUrl) : null,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger),
    lifecycle: new Lifecycle(),
  };
}
