import pino from 'pino';

export function createLogger(level: string = 'info') {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
