export { pageOf } from '../../schema/api';
