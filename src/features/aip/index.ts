// The regular-investment calculator feature (定投计算器, issue #25): what page shells may use.
export { AipCalculatorScreen } from './AipCalculatorScreen'
