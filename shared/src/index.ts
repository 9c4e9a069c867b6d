export * from './api';
export * from './constants';
export * from './schemas';
export * from './validation/messages';
export * from './validation/rules';
export * from './validation/schedule';
export * from './demo';
export * from './calendar';
