import { describe, expect, it } from 'vitest';
import { controlAnswerError, ERRORS, errorMessage } from './errors.ts';

describe('error catalogue (spec §8)', () => {
  it('has a message in both languages and a status for every code', () => {
    for (const [code, e] of Object.entries(ERRORS)) {
      expect(e['en-us'], code).toBeTruthy();
      expect(e.ru, code).toBeTruthy();
      expect(e.ru, code).not.toBe(e['en-us']);
      expect(e.status).toBeGreaterThanOrEqual(400);
    }
    expect(errorMessage('demoUser', 'en-us')).toBe('the demo user is not allowed to edit');
    expect(errorMessage('UnauthorizedError', 'en-us')).toBe('Unauthorized error');
  });

  it('maps control answer codes', () => {
    expect(controlAnswerError(0, 'dim')).toBeUndefined();
    expect(controlAnswerError(1, 'dim')).toBe('TimeOut');
    expect(controlAnswerError(1, 'switch')).toBe('TimeOut');
    expect(controlAnswerError(3, 'dim')).toBe('ControlModuleNotFond');
    expect(controlAnswerError(3, 'switch')).toBe('null');
    expect(controlAnswerError(7, 'dim')).toBe('ServiceConnectionError');
    expect(controlAnswerError(7, 'switch')).toBe('null');
    expect(controlAnswerError(8, 'switch')).toBe('ServiceConnectionError');
    expect(controlAnswerError(10, 'dim')).toBe('ErrorWritingData');
    expect(controlAnswerError(12, 'switch')).toBe('CityNotLoad');
    expect(controlAnswerError(99, 'dim')).toBe('null');
  });
});
