import { Datagrid, List, Pagination, SearchInput } from 'react-admin';
import { isScalar, LIMITS } from '@sl/domain';
import { canDo } from '../providers/auth-provider.ts';
import { FieldView } from './field-view.tsx';
import { useEntity } from './use-entity.ts';

const PER_PAGE_CHOICES = [10, 25, 50, 100];

export default function EntityList() {
  const e = useEntity();
  const filters = e.searchFields.length ? [<SearchInput key="q" source="q" alwaysOn />] : undefined;
  return (
    <List
      perPage={LIMITS.pageSize}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_CHOICES} />}
      filters={filters}
      sort={{ field: e.listColumns[0]!, order: 'ASC' }}
    >
      <Datagrid
        rowClick={canDo(e.name, 'edit') ? 'edit' : 'show'}
        bulkActionButtons={canDo(e.name, 'delete') ? undefined : false}
      >
        {e.listColumns.map((name) => (
          <FieldView key={name} source={name} field={e.fields[name]!} sortable={isScalar(e.fields[name]!)} />
        ))}
      </Datagrid>
    </List>
  );
}
