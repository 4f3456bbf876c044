import { useResourceContext } from 'react-admin';
import { entity, type Entity } from '@sl/domain';

export function useEntity(): Entity {
  const resource = useResourceContext();
  if (!resource) throw new Error('no resource context');
  return entity(resource);
}
