/** What the ingest has seen and done since the process started, as `/health` shows it under `field`. */
export const ingestCounters = () => ({
  messages: 0,
  readings: 0,
  /** payloads refused whole, and module readings refused alone inside a batch whose envelope was readable */
  malformed: 0,
  unknownDevices: 0,
  /**
   * module readings that came from a controller the module is not assigned to, and meter readings that came from
   * a controller the meter does not belong to: dropped, never stored
   */
  foreignReadings: 0,
  /** messages over MAX_MESSAGE_BYTES (only an external broker without its own limit lets them through) */
  oversize: 0,
  flushes: 0,
  /** rows the database refused on their own, set aside so the rest of their batch is stored */
  setAside: 0,
  failedFlushes: 0,
  /** writes the database rolled back for another process's sake (a deadlock) and that were made again */
  retries: 0,
});
export type IngestCounters = ReturnType<typeof ingestCounters>;

export type IngestLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
