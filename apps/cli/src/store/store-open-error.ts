export { StoreOpenError } from '@engram/runtime';
