import data from './carriers.json';

/** A carrier we ship with: Kuaidi100's company code and the name users see (carriers.json). */
export interface Carrier {
  code: string;
  name: string;
  /** Kuaidi100 answers this carrier's tracks only with the receiver's or sender's phone (SF). */
  needsPhone?: boolean;
}

export const CARRIERS: readonly Carrier[] = data.carriers;

export function carrierOf(code: string): Carrier | undefined {
  return CARRIERS.find((c) => c.code === code);
}
