import { lazy, Suspense, useState, type ComponentType } from 'react';
import { voidableTypes } from '../../../schema/shared/voids';
import { VoidPanel } from '../kit/void-panel';
import { Link, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { backOfficeRoutes, entityRoutes } from '../../../schema/shared/back-office-routes';
import type { AnyEntity, EntityType } from '../../../schema/entities';
import type { OfficeRecord } from '../../../schema/shared/record';
import { adminRouteOf, entityOfScreen } from './admin-access';
import type { ListSearch } from '../kit/list-search';
import { usePageTitle } from '../../ui/page-title';
import { RecordList } from '../kit/record-list';
import { RecordForm, type RecordFormProps } from '../kit/record-form';
import { TaskTick } from './task-tick';
import { TechCardList } from '../stock/flowers/tech-card-list';
import { TechCardForm } from '../stock/flowers/tech-card-form';
import { useEntityRecord } from '../kit/use-entity';
import { CouriersScreen } from '../orders/couriers-day/couriers-day-page';
import { ClientCsvTools } from '../clients/cards/client-csv-tools';
import { ClientMerge } from '../clients/cards/client-merge';
import { ClientDates } from '../clients/cards/client-dates';
import { ChargesScreen } from '../money/charges/charges-screen';
import { useStaffNames } from '../../data/staff-directory';
import { forgetRefused, useRefusedChange, type RefusedChange } from '../../data/sync/refused-changes';
import { staffName } from '../../../schema/shared/user';
import { ItemsList } from '../stock/items/items-list';
import { ItemScreen } from '../stock/items/item-screen';
import { SlipsScreen } from '../stock/moves/slips-screen';
import { WriteOffScreen } from '../stock/moves/write-off-screen';
import { WarehousesArea } from '../stock/moves/warehouses-area';
import { InvoiceForm } from '../stock/flowers/invoice-form';
import { FlowersPage } from '../stock/flowers/flowers-page';
import { SupplierAccountPanel } from '../stock/flowers/supplier-account';
import { flower } from '../../../schema/entities/flower';
import { techCard } from '../../../schema/entities/tech-card';

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

/** Charges with who recorded each, by name (the author the server stamped). */
const ChargeList: ListComponent = ({ entity, search }) => {
  const names = useStaffNames();
  return <ChargesScreen list={<RecordList entity={entity} search={search} lead={{ label: 'Кто', cell: (r) => staffName(r.createdBy, names) }} />} />;
};

/**
 * An entity's own screens, each winning over the generic one where it is set (react-admin's <Resource list create
 * edit>): `List` at /admin/{path}, `New` at /admin/{path}/new in place of the form, `Form` for new and existing records
 * alike, `Extra` below an existing record's form. One row per entity: what an entity shows is read in one place.
 */
interface EntityScreens {
  List?: ListComponent;
  /** Given a refused new record's data to start from (`?from=`), and told when it is saved again. */
  New?: ComponentType<{ initial?: Record<string, unknown>; onSaved?: () => void }>;
  Form?: ComponentType<RecordFormProps>;
  Extra?: ComponentType<{ record: OfficeRecord; onDone: () => void }>;
}

const entityScreens: Partial<Record<EntityType, EntityScreens>> = {
  task: { List: ({ entity, search }) => <RecordList entity={entity} search={search} lead={{ label: 'Готово', cell: (r) => <TaskTick record={r} /> }} /> },
  client: {
    List: ClientList,
    // A client's card: its dates with earlier orders, merging another card into it.
    Extra: ({ record, onDone }) => (
      <>
        <ClientDates record={record} />
        <ClientMerge record={record} onDone={onDone} />
      </>
    ),
  },
  courier: { List: ({ entity, search }) => <CouriersScreen search={search} list={<RecordList entity={entity} search={search} />} /> },
  charge: { List: ChargeList },
  // A tech card's recipe with its cost.
  techCard: { List: TechCardList, Form: TechCardForm },
  // The write-off act's two taps a line.
  slip: { List: ({ search }) => <SlipsScreen filters={search.f} />, New: WriteOffScreen },
  warehouse: {
    List: ({ entity, search }) => (
      <>
        <RecordList entity={entity} search={search} />
        <WarehousesArea />
      </>
    ),
  },
  // /admin/flowers: stock and purchase prices; the generic list is /admin/flowers/list (FlowerList below).
  flower: { List: FlowersPage },
  // A supply invoice: lines picked from the flowers, posted by a button.
  invoice: { Form: InvoiceForm },
  supplier: { Extra: ({ record }) => <SupplierAccountPanel record={record} /> },
};

/** /admin/flowers/list: the flowers' generic list, where they are added and edited. */
export const FlowerList = () => {
  const search = useSearch({ from: '/admin/flowers/list' });
  return <RecordList entity={flower} search={search} />;
};

const formOf = (entity: AnyEntity) => entityScreens[entity.type]?.Form ?? RecordForm;

/**
 * Screens of spec routes that show no registry entity, by their /admin/{path}: the catalogue's items (they live in
 * the `catalog` database every device pulls, not in office records: DECISIONS «The items screen») and the analytics
 * (a report, its period in the list's filters `f`). Guarded by `canOpen` like any spec route; the analytics with its
 * chart is a chunk of its own, so it adds nothing to the router's first view.
 */
const pathScreens: Partial<Record<string, { List: ComponentType<{ search: ListSearch }>; Record?: ComponentType<{ id: string }> }>> = {
  items: { List: ItemsList, Record: ItemScreen },
  analytics: { List: lazy(() => import('../reports/analytics/analytics-page').then((m) => ({ default: m.AnalyticsScreen }))) },
  // The studio's papers, a chunk of its own too: the print layout and the five papers load with this screen.
  documents: { List: lazy(() => import('../reports/documents/documents-page').then((m) => ({ default: m.DocumentsScreen }))) },
};

/** /admin/{path}: the entity's list, or a screen of a spec route that shows no entity. */
export const ListScreen = () => {
  const { resource } = useParams({ from: '/admin/$resource' });
  const search = useSearch({ from: '/admin/$resource' });
  // The router titles the spec's routes; an entity's own route (schema/shared/back-office-routes.ts) is titled by its declaration.
  const own = `/admin/${resource}`;
  usePageTitle(Object.hasOwn(entityRoutes, own) ? entityRoutes[own].label : undefined);
  const screen = Object.hasOwn(pathScreens, resource) ? pathScreens[resource] : undefined;
  if (screen)
    return (
      <Suspense fallback={<p className="muted">Загрузка…</p>}>
        <screen.List key={resource} search={search} />
      </Suspense>
    );
  const entity = entityOfScreen(resource);
  if (!entity) return <NotBuilt />;
  const List = entityScreens[entity.type]?.List ?? RecordList;
  return <List key={entity.type} entity={entity} search={search} />;
};

/** /admin/{path}/new and /admin/{path}/$id: one record in the generic form. */
export const RecordScreen = () => {
  const { resource, id } = useParams({ from: '/admin/$resource/$id' });
  const { from, product, name } = useSearch({ from: '/admin/$resource/$id' });
  const screen = Object.hasOwn(pathScreens, resource) ? pathScreens[resource] : undefined;
  if (screen) return screen.Record ? <screen.Record key={id} id={id} /> : <NotBuilt />;
  const entity = entityOfScreen(resource);
  if (!entity) return <NotBuilt />;
  // A tech card made for a catalogue item starts bound to it, under its name.
  const prefill = product && entity.type === techCard.type ? { product, ...(name ? { name } : {}) } : undefined;
  return id === 'new' ? <NewRecord key={from ?? product ?? ''} entity={entity} from={from} prefill={prefill} /> : <EditRecord key={id} entity={entity} id={id} />;
};

const useBackToList = (entity: AnyEntity) => {
  const navigate = useNavigate();
  return () => void navigate({ to: '/admin/$resource', params: { resource: entity.path } });
};

/** What the server said of a refused record opened again, above its form. */
const ReopenedNote = ({ kept }: { kept: RefusedChange | undefined }) =>
  kept ? (
    <p className="reopened-note" role="note">
      Сервер отклонил эту запись: {kept.reason}. Исправьте и сохраните снова.
    </p>
  ) : null;

/**
 * A new record in the entity's new screen or form; with `from`, filled with a refused new record of this entity kept on
 * the device (data/sync/refused-changes.ts), which is forgotten once saved again.
 */
const NewRecord = ({ entity, from, prefill }: { entity: AnyEntity; from?: string; prefill?: Record<string, unknown> }) => {
  const back = useBackToList(entity);
  const found = useRefusedChange('office', from);
  const kept = found?.type === entity.type && found.fresh ? found : undefined;
  // The data as first read: forgetting it on saving does not empty the form.
  const [initial] = useState(() => kept?.data ?? prefill);
  const saved = () => {
    if (kept) forgetRefused('office', kept.id);
  };
  const New = entityScreens[entity.type]?.New;
  if (New)
    return (
      <>
        <ReopenedNote kept={kept} />
        <New initial={initial} onSaved={saved} />
      </>
    );
  const Form = formOf(entity);
  return (
    <section className="record-screen">
      <h1>{entity.labels.create}</h1>
      <ReopenedNote kept={kept} />
      <Form
        key="new"
        entity={entity}
        initial={initial}
        onDone={() => {
          saved();
          back();
        }}
      />
    </section>
  );
};

const EditRecord = ({ entity, id }: { entity: AnyEntity; id: string }) => {
  const { record, error } = useEntityRecord(entity, id);
  const Extra = entityScreens[entity.type]?.Extra;
  const back = useBackToList(entity);
  const Form = formOf(entity);
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
      <Form key={record.id} entity={entity} record={record} onDone={back} />
      {Extra && <Extra record={record} onDone={back} />}
      {voidableTypes.includes(entity.type) && <VoidPanel entity={entity} record={record} />}
    </section>
  );
};

/** A spec route whose screen a later issue builds: guarded like the rest, and honest about it. */
export const NotBuilt = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const route = adminRouteOf(path);
  return (
    <section className="record-screen">
      <h1>{route ? backOfficeRoutes[route].label : 'Раздел'}</h1>
      <p>Этот раздел ещё не готов.</p>
      <Link to="/admin">На рабочий стол</Link>
    </section>
  );
};
