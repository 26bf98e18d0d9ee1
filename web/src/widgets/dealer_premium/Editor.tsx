export { default } from '../shared/TickerOnlyEditor';
