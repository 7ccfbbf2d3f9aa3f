/** The app's IndexedDB database: named apart so that the loader can look for it without loading Dexie. */
export const databaseName = 'roundtrip';
