import { BREAKER_PARAM_REASONS, defaultBreakerParams, type BreakerParams } from './tool-breaker.js';

export interface ExecutiveParams {
  /** The breaker's limits until the log records others (`executive.guards.configured`). */
  readonly breaker: BreakerParams;
}

export const EXECUTIVE_PARAM_REASONS: { readonly [K in keyof ExecutiveParams]: string } = {
  breaker: `Logs written before the limits were recorded used the defaults. ${BREAKER_PARAM_REASONS.blockAt}`,
};

export const defaultExecutiveParams: ExecutiveParams = Object.freeze({ breaker: defaultBreakerParams });
