/** The exchange-rates module's public face: the rate of a line, and the BNR rates job. */
export { BNR_RATE_MAX_AGE_DAYS, rateFor, refreshBnrRates, type LineRate } from './service.js';
export { EXCHANGE_RATES_JOB, exchangeRatesJobs } from './jobs.js';
