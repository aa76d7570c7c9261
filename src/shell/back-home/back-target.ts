/** The way-back rule lives in the runtime (the not-found screen asks it too); the shell reads it through the block API. */
export { type BackTarget, backTarget } from '../../runtime/block-api';
