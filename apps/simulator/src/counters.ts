export type Counters = {
  /** messages published, and their payload bytes */
  published: number;
  bytes: number;
  /** module readings published */
  readings: number;
  commands: number;
  replies: number;
  /** commands left unanswered because a module or the controller could not be reached */
  unanswered: number;
  /** commands that could not be read at all: no reply is possible */
  malformed: number;
  /** commands answered with a refusal (unknown type, payload out of range) */
  refused: number;
  /** duplicate deliveries of a command already answered (QoS 1 is at least once) */
  duplicates: number;
  offline: number;
  errors: number;
};

export const newCounters = (): Counters => ({
  published: 0,
  bytes: 0,
  readings: 0,
  commands: 0,
  replies: 0,
  unanswered: 0,
  malformed: 0,
  refused: 0,
  duplicates: 0,
  offline: 0,
  errors: 0,
});
