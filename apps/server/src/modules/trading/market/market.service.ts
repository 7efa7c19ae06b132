// The market module's public functions: what other modules may read and write of its tables
// (docs/architecture.md, "Boundaries").
export { readCandles } from './candles.repository.ts';
