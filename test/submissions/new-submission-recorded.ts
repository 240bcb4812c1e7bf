import nock from 'nock';
import { op } from '../helpers/app';
import { fakeDateOnly } from '../helpers/clock';
import { recorded, recordedScope } from '../helpers/recorded';

export const subscribe = op('triggers.new_submission.operation.performSubscribe');
export const unsubscribe = op('triggers.new_submission.operation.performUnsubscribe');
export const perform = op('triggers.new_submission.operation.perform');

export const SUBSCRIBE = recorded('external--webhook-subscribe');
export const UNSUBSCRIBE = recorded('external--webhook-unsubscribe');
export const EVERY_BLOCK = recorded('external--hook-delivery-every-block');
export const GET_FORM = recorded('forms--get-form');
/** The recorded `GET /open/forms/13` (the every-block form: its date questions have no date_format, so d/m/Y). */
export const formScope = () => recordedScope(GET_FORM.find('GET', '/open/forms/13', 200));
/** When Zapier received the delivery (the clock is fixed: only Date is faked). */
export const RECEIVED = '2026-11-23T17:39:06+00:00';
/** Fixes the clock at RECEIVED for every test of the file (only Date is faked), and cleans nock after each. */
export const useReceivedClock = () => {
  beforeEach(() => {
    fakeDateOnly(new Date(RECEIVED));
  });
  afterAll(() => {
    jest.useRealTimers();
  });
  afterEach(() => nock.cleanAll());
};
export const HOOK = 'https://hooks.example.net/hooks/zapier-form6';
