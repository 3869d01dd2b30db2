export { rupees } from '../../lib/money';
