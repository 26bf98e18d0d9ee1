// The last refresh-token rotation, handed from the tab that made it to the next tab that takes the
// refresh lock (see refreshAccessToken in client.ts).
//
// Why not localStorage alone: each tab reads localStorage from its own copy, which the browser updates
// with other tabs' writes asynchronously; the lock can reach the next tab first (seen in Chromium on a
// loaded machine: the next tab presented the rotated token again). An IndexedDB read is served by the
// browser's storage process, where the writer's transaction has committed before the writer sees it
// complete; the writer waits for that before it releases the lock, so the next holder reads the record.
// The record holds the same tokens as localStorage, in the same origin. Where IndexedDB is unavailable
// (some private modes, tests) nothing is handed over and the waiting tab asks the server, whose grace
// period answers a just-rotated token with the same new one.

export interface Rotation {
  /** The refresh token that was rotated. */
  from: string;
  accessToken: string;
  refreshToken: string;
}

const DB_NAME = 'volland-session';
const STORE = 'rotation';
const KEY = 'last';

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function transact<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest | void): Promise<T | null> {
  return database().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const tx = db.transaction(STORE, mode);
          const request = run(tx.objectStore(STORE));
          // Resolve on 'complete': the write is committed, so any tab's later transaction reads it.
          tx.oncomplete = () => resolve(request ? ((request.result as T | undefined) ?? null) : null);
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** The last rotation recorded by any tab of this origin, or null. */
export async function lastRotation(): Promise<Rotation | null> {
  const value = await transact<Rotation>('readonly', (store) => store.get(KEY));
  return value && typeof value.from === 'string' ? value : null;
}

/** Records a rotation; resolves once it is committed (or could not be recorded). */
export async function recordRotation(rotation: Rotation): Promise<void> {
  await transact('readwrite', (store) => store.put(rotation, KEY));
}

/** Forgets the last rotation (logout). */
export async function forgetRotation(): Promise<void> {
  await transact('readwrite', (store) => store.delete(KEY));
}
