import type { Config } from '../config/env';
import { TokenService } from './jwt';
import { PasswordHasher } from './password';

/** What request handlers need from the outside world, built once per app. */
export interface AppContext {
  config: Config;
  tokens: TokenService;
  passwords: PasswordHasher;
}

export function createContext(config: Config): AppContext {
  return {
    config,
    tokens: new TokenService(config.jwtSecret, config.jwtExpiresIn),
    passwords: new PasswordHasher(config.bcryptCost),
  };
}
