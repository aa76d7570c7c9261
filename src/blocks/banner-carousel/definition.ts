import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = {
  type: 'banner-carousel',
  load: () => import('./BannerCarouselBlock'),
  rawProps: ['linkTemplate'],
};
