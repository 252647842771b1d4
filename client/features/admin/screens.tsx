import { useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { adminRoutes } from '../../../schema/admin-routes';
import type { AnyEntity, EntityType } from '../../../schema/entities';
import type { OfficeRecord } from '../../../schema/record';
import { adminRouteOf, entityOfScreen } from './admin-access';
import type { ListSearch } from './list-search';
import { RecordList } from './record-list';
import { RecordForm } from './record-form';
import { TaskTick } from './task-tick';
import { useEntityRecord } from './use-entity';
import { CouriersScreen } from '../couriers-day/couriers-day-page';
import { ClientCsvTools } from '../clients/client-csv-tools';
import { ClientMerge } from '../clients/client-merge';
import { ClientDates } from '../clients/client-dates';
import { InvoiceForm } from '../stock/invoice-form';
import { FlowersPage } from '../stock/flowers-page';
import { SupplierAccountPanel } from '../stock/supplier-account';
import { flower } from '../../../schema/entities/flower';

type ListComponent = ComponentType<{ entity: AnyEntity; search: ListSearch }>;

/** The clients' list with the CSV tools above it; an import reads the list again. */
const ClientList: ListComponent = ({ entity, search }) => {
  const [round, setRound] = useState(0);
  return (
    <>
      <RecordList key={round} entity={entity} search={search} />
      <ClientCsvTools onImported={() => setRound((r) => r + 1)} />
    </>
  );
};

/** Custom list screens win over the generic one (react-admin's <Resource list={…}>). */
const customLists: Partial<Record<EntityType, ListComponent>> = {
  task: ({ entity, search }) => <RecordList entity={entity} search={search} lead={{ label: 'Готово', cell: (r) => <TaskTick record={r} /> }} />,
  client: ClientList,
  courier: ({ entity, search }) => <CouriersScreen search={search} list={<RecordList entity={entity} search={search} />} />,
  // /admin/flowers: stock and purchase prices; the generic list is /admin/flowers/list (FlowerList below).
  flower: FlowersPage,
};

/** /admin/flowers/list: the flowers' generic list, where they are added and edited. */
export const FlowerList = () => {
  const search = useSearch({ from: '/admin/flowers/list' });
  return <RecordList entity={flower} search={search} />;
};

/** /admin/{path}: the entity's list. */
export const ListScreen = () => {
  const { resource } = useParams({ from: '/admin/$resource' });
  const search = useSearch({ from: '/admin/$resource' });
  const entity = entityOfScreen(resource);
  if (!entity) return <NotBuilt />;
  const List = customLists[entity.type] ?? RecordList;
  return <List key={entity.type} entity={entity} search={search} />;
};

/** /admin/{path}/new and /admin/{path}/$id: one record in the generic form. */
export const RecordScreen = () => {
  const { resource, id } = useParams({ from: '/admin/$resource/$id' });
  const entity = entityOfScreen(resource);
  if (!entity) return <NotBuilt />;
  return id === 'new' ? <NewRecord entity={entity} /> : <EditRecord key={id} entity={entity} id={id} />;
};

const useBackToList = (entity: AnyEntity) => {
  const navigate = useNavigate();
  return () => void navigate({ to: '/admin/$resource', params: { resource: entity.path } });
};

/** Custom record forms win over the generic one (a supply invoice: lines picked from the flowers, posted by a button). */
const customForms: Partial<Record<EntityType, ComponentType<{ record?: OfficeRecord; onDone: () => void }>>> = {
  invoice: InvoiceForm,
};
const FormOf = ({ entity, record, onDone }: { entity: AnyEntity; record?: OfficeRecord; onDone: () => void }) => {
  const Custom = customForms[entity.type];
  return Custom ? <Custom record={record} onDone={onDone} /> : <RecordForm entity={entity} record={record} onDone={onDone} />;
};

const NewRecord = ({ entity }: { entity: AnyEntity }) => {
  const back = useBackToList(entity);
  return (
    <section className="record-screen">
      <h1>{entity.labels.create}</h1>
      <FormOf key="new" entity={entity} onDone={back} />
    </section>
  );
};

/** What a record's screen shows below the generic form, by entity (a client's card: its dates with earlier orders, merging another card into it). */
const recordExtras: Partial<Record<EntityType, ComponentType<{ record: OfficeRecord; onDone: () => void }>>> = {
  client: ({ record, onDone }) => (
    <>
      <ClientDates record={record} />
      <ClientMerge record={record} onDone={onDone} />
    </>
  ),
  supplier: ({ record }) => <SupplierAccountPanel record={record} />,
};

const EditRecord = ({ entity, id }: { entity: AnyEntity; id: string }) => {
  const { record, error } = useEntityRecord(entity, id);
  const Extra = recordExtras[entity.type];
  const back = useBackToList(entity);
  if (record === undefined) return <p className="muted">Загрузка…</p>;
  if (!record)
    return (
      <section className="record-screen">
        <h1>{entity.labels.one}</h1>
        <p>{error ?? 'Такой записи нет: возможно, её удалили.'}</p>
        <Link to="/admin/$resource" params={{ resource: entity.path }}>
          К списку
        </Link>
      </section>
    );
  return (
    <section className="record-screen">
      <h1>
        {entity.labels.one}: {record.title}
      </h1>
      <FormOf key={record.id} entity={entity} record={record} onDone={back} />
      {Extra && <Extra record={record} onDone={back} />}
    </section>
  );
};

/** A spec route whose screen a later issue builds: guarded like the rest, and honest about it. */
export const NotBuilt = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const route = adminRouteOf(path);
  return (
    <section className="record-screen">
      <h1>{route ? adminRoutes[route].label : 'Раздел'}</h1>
      <p>Этот раздел ещё не готов.</p>
      <Link to="/admin">На рабочий стол</Link>
    </section>
  );
};
