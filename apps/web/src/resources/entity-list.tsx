import {
  AutocompleteInput,
  BooleanInput,
  CreateButton,
  DatagridConfigurable,
  FilterButton,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectColumnsButton,
  TopToolbar,
} from 'react-admin';
import { isScalar, LIMITS, type Entity } from '@sl/domain';
import { sl } from '../i18n/messages.ts';
import { canDo, recordLink } from '../providers/auth-provider.ts';
import { bulkActionsOf } from './bulk-actions.tsx';
import { ExportCsvButton } from './export-button.tsx';
import { FieldView } from './field-view.tsx';
import { useEntity } from './use-entity.ts';

const PER_PAGE_CHOICES = [10, 25, 50, 100];

const filtersOf = (e: Entity) => [
  ...(e.searchFields.length ? [<SearchInput key="q" source="q" alwaysOn />] : []),
  ...(canDo(e.name, 'viewDeleted')
    ? [<BooleanInput key="deleted" source="deleted" label={sl('showDeleted')} />]
    : []),
  // devices are placed in districts by the server; a list can show one district's
  ...(e.fields.district && canDo('Districts', 'list')
    ? [
        <ReferenceInput key="district" source="district" reference="Districts">
          <AutocompleteInput sx={{ minWidth: 220 }} />
        </ReferenceInput>,
      ]
    : []),
];

function ListActions({ e, filtering }: { e: Entity; filtering: boolean }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {filtering && <FilterButton />}
      {canDo(e.name, 'create') && <CreateButton />}
      <ExportCsvButton />
    </TopToolbar>
  );
}

/** Every field can be a column; the declaration's list columns show by default, the user's choice is remembered. */
export default function EntityList() {
  const e = useEntity();
  const filters = filtersOf(e);
  const columns = Object.entries(e.fields).filter(([, f]) => !f.writeOnly && f.kind !== 'json');
  const hidden = columns.map(([name]) => name).filter((name) => !e.listColumns.includes(name));
  return (
    <List
      perPage={LIMITS.pageSize}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_CHOICES} />}
      filters={filters}
      actions={<ListActions e={e} filtering={filters.some((f) => f.key !== 'q')} />}
      sort={{ field: e.listColumns.find((c) => isScalar(e.fields[c]!)) ?? 'id', order: 'ASC' }}
    >
      <DatagridConfigurable omit={hidden} rowClick={recordLink(e.name)} bulkActionButtons={bulkActionsOf(e)}>
        {columns.map(([name, f]) => (
          <FieldView key={name} source={name} field={f} sortable={isScalar(f)} />
        ))}
      </DatagridConfigurable>
    </List>
  );
}
