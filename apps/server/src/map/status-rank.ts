import { statusMeaning, type StatusMeaning } from '@sl/domain';

// a support with several lamps, or a cluster of devices, shows the member that needs attention first
export const MEANING_RANKS: Readonly<Record<StatusMeaning, number>> = {
  broken: 4,
  offline: 3,
  on: 2,
  off: 1,
  unknown: 0,
};

export const attentionRank = (code: number) => MEANING_RANKS[statusMeaning(code)];

/** The status of the member that needs attention first; -1 without members. */
export function worstStatus(codes: Iterable<number>): number {
  let worst = -1;
  for (const code of codes) if (attentionRank(code) > attentionRank(worst)) worst = code;
  return worst;
}
