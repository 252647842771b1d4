import { charge } from './charge';
import { client } from './client';
import { contractor } from './contractor';
import { counterPrint } from './counter-print';
import { courier } from './courier';
import { flower } from './flower';
import { invoice } from './invoice';
import { ref } from './ref';
import { orderCommandEntity } from './order-command';
import { shift } from './shift';
import { slip } from './slip';
import { stockCount } from './stock-count';
import { supplier } from './supplier';
import { supplierPayment } from './supplier-payment';
import { task } from './task';
import { techCard } from './tech-card';
import { transfer } from './transfer';
import { voidFact } from './void';
import { warehouse } from './warehouse';

/** Every back-office entity. Adding a plain one is a file beside this and one line here. */
export const entities = { courier, task, supplier, orderCommand: orderCommandEntity, client, warehouse, flower, ref, invoice, charge, shift, contractor, supplierPayment, slip, techCard, transfer, stockCount, void: voidFact, counterPrint } as const;
export type Entities = typeof entities;
export type EntityType = keyof Entities;
export type AnyEntity = Entities[EntityType];

export const entityTypes = Object.keys(entities) as EntityType[];

/** By admin route and API name (`couriers`), as the spec's /admin/{name} and /api/{name}/list use it. */
export const entityByPath = (path: string): AnyEntity | undefined => Object.values(entities).find((e) => e.path === path);
