export * from './candle-recorder.ts';
export * from './candles.job.ts';
export * from './market.service.ts';
