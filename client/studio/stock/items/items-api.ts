import type { ListRequest } from '../../../../schema/shared/api';
import type { ProductInput } from '../../../../schema/shop/product';
import { call } from '../../../lib/api';

/** The back-office's calls for catalogue items: online, as every write of the catalogue is the server's. */
export const listItems = (request: ListRequest) => call('POST /api/items/list', request);
export const getItem = async (id: string) => (await call('POST /api/items/get', { id })).data;
export const saveItem = async (input: ProductInput) => (await call('POST /api/items/update', input)).data;
export const deleteItem = (id: string) => call('POST /api/items/delete', { id });

/** Sends a picture's file as it is; the server checks, resizes and stores it, and answers its address. */
export const uploadImage = async (file: Blob): Promise<string> =>
  (await call('POST /api/items/upload-image', new Blob([file], { type: file.type.startsWith('image/') ? file.type : 'image/jpeg' }))).data.url;
