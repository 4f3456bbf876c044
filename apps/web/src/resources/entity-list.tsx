import {
  useLocaleState,
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
import { isScalar, LIMITS, type Entity, type Language } from '@sl/domain';
import { declaredFilters } from './declared-filters.tsx';
import { ListViewsButton } from './list-views.tsx';
import { sl } from '../i18n/messages.ts';
import { canDo, recordLink } from '../providers/auth-provider.ts';
import { bulkActionsOf } from './bulk-actions.tsx';
import { rowTone } from './row-tone.ts';
import { ExportCsvButton } from './export-button.tsx';
import { FieldView } from './field-view.tsx';
import { isLocated, ListMapAside, PanelViewButton, useChosenRow, usePanelView } from './list-map.tsx';
import { useEntity } from './use-entity.ts';
import { PanelBoundary } from '../feedback/panel-boundary.tsx';

const PER_PAGE_CHOICES = [10, 25, 50, 100];

const filtersOf = (e: Entity, lang: Language) => [
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
  ...declaredFilters(e, lang),
];

function ListActions({ e, filtering }: { e: Entity; filtering: boolean }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {isLocated(e) && <PanelViewButton e={e} />}
      {filtering && <FilterButton disableSaveQuery />}
      {filtering && <ListViewsButton e={e} />}
      {canDo(e.name, 'create') && <CreateButton />}
      <ExportCsvButton />
    </TopToolbar>
  );
}

/** Every field can be a column; the declaration's list columns show by default, the user's choice is remembered. */
export default function EntityList() {
  const e = useEntity();
  const [locale] = useLocaleState();
  const filters = filtersOf(e, locale as Language);
  const columns = Object.entries(e.fields).filter(([, f]) => !f.writeOnly && f.kind !== 'json');
  const hidden = columns.map(([name]) => name).filter((name) => !e.listColumns.includes(name));
  const [panelChoice] = usePanelView(e);
  const [chosen, setChosen] = useChosenRow(e);
  const panel = panelChoice && isLocated(e);
  return (
    <List
      aside={
        panel ? (
          <PanelBoundary>
            <ListMapAside e={e} />
          </PanelBoundary>
        ) : undefined
      }
      perPage={LIMITS.pageSize}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_CHOICES} />}
      filters={filters}
      actions={<ListActions e={e} filtering={filters.some((f) => f.key !== 'q')} />}
      sort={e.listSort ?? { field: e.listColumns.find((c) => isScalar(e.fields[c]!)) ?? 'id', order: 'ASC' }}
    >
      <DatagridConfigurable
        omit={hidden}
        // beside the map a row is chosen (and centred there); its screen opens from the map's card
        rowClick={
          panel
            ? (id) => {
                setChosen(id);
                return false;
              }
            : recordLink(e.name)
        }
        rowSx={(record) =>
          panel && record.id === chosen ? { bgcolor: 'action.selected' } : rowTone(e, record, new Date())
        }
        bulkActionButtons={bulkActionsOf(e)}
      >
        {columns.map(([name, f]) => (
          <FieldView key={name} source={name} field={f} sortable={isScalar(f)} />
        ))}
      </DatagridConfigurable>
    </List>
  );
}
