export { RETRY_STATUS_CODES, RetryDefaults, type RetryOptions, fetchWithRetry, parseRetryAfter } from './retry.ts'
export { type SdkParams, withSdkParams } from './sdk-params.ts'
export { networkImageUrl } from './asset-image.ts'
export { type OriginsResult, classifyOriginsResponse } from './origins.ts'
