import { useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { exportClients, importClients, type ClientImport } from '../../../data/client-csv';

/** Files bigger than this are not sent at all: the server refuses them too. */
const largestFile = 4 * 1024 * 1024;

const download = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * The clients' CSV on the list: every card out (a studio is never locked in), and a file in, with each bad row named
 * by its line. «Только если все строки верны» stores nothing when one is bad.
 */
export const ClientCsvTools = ({ onImported }: { onImported: () => void }) => {
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ClientImport | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);

  const exportAll = async () => {
    setFailure(null);
    try {
      const { csv } = await exportClients();
      download(csv, `clients-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      setFailure({ message: (e as Error).message, lines: [] });
    }
  };

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setResult(null);
    setFailure(null);
    if (file.size > largestFile) return setFailure({ message: 'Файл больше 4 МБ: разделите его на части', lines: [] });
    setBusy(true);
    try {
      setResult(await importClients(await file.text(), allOrNothing));
      onImported();
    } catch (err) {
      const lines = err instanceof ApiError ? (err.issues ?? []).map((i) => `${i.path}: ${i.message}`) : [];
      setFailure({ message: (err as Error).message, lines });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="client-csv" aria-label="Импорт и экспорт клиентов">
      <button type="button" className="button button--ghost" onClick={() => void exportAll()}>
        Скачать CSV
      </button>
      <label className="button button--ghost">
        Загрузить CSV
        <input type="file" accept=".csv,text/csv" hidden disabled={busy} onChange={(e) => void pick(e)} data-testid="clients-csv-file" />
      </label>
      <label className="field field--inline">
        <input type="checkbox" checked={allOrNothing} onChange={(e) => setAllOrNothing(e.target.checked)} />
        <span>Только если все строки верны</span>
      </label>
      {busy && <p role="status">Загружаем…</p>}
      {result && (
        <div role="status" data-testid="clients-import-result">
          <p>
            Новых: {result.created}, обновлено: {result.updated}, без изменений: {result.unchanged}
            {result.errors.length ? `, строк с ошибками: ${result.errors.length}` : ''}.
          </p>
          {result.errors.length > 0 && (
            <ul>
              {result.errors.map((e) => (
                <li key={e.line}>
                  Строка {e.line}: {e.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {failure && (
        <div role="alert" className="field-error">
          <p>{failure.message}</p>
          {failure.lines.length > 0 && (
            <ul>
              {failure.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
};
