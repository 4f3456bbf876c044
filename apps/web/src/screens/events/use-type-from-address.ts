import { useEffect } from 'react';
import { useStore } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { EVENT_TYPES } from '@sl/domain';

/**
 * `/Events?type=LAMP_BROKEN` (the dashboard's links), or `type=all` (the bell's, which counts every type), sets the list's filters to that type's open events, in the
 * list's stored parameters (the list does not read the address), and leaves the address plain. False until done.
 */
export function useTypeFromAddress(storeKey: string): boolean {
  const [address, setAddress] = useSearchParams();
  const type = address.get('type');
  const [params, setParams] = useStore<Record<string, unknown>>(storeKey, {});
  useEffect(() => {
    if (type === null) return;
    if (type === 'all' || (EVENT_TYPES as readonly string[]).includes(type))
      setParams({
        sort: 'openDate',
        order: 'DESC',
        ...params,
        page: 1,
        filter: { status: ['OPEN'], type: type === 'all' ? [...EVENT_TYPES] : [type] },
      });
    setAddress({}, { replace: true });
    // the address alone says when to act
  }, [type]);
  return type === null;
}
