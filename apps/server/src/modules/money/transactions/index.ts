export { transactionCharts } from './charts.service.ts';
export * from './transactions.mapper.ts';
export * from './transactions.service.ts';
