import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is waiting for a database connection. A person at a screen (the console, the hirer's enrolment page) gives up
 * after 10 s; a phone or a job retries by protocol and loses nothing by waiting. When the pool is short, GuardedPool
 * serves people first: in a rolling upgrade at 2,000 + 2,000 phones a node back from its restart took ~1,300
 * agents in one burst, and the clerks' reads, queued behind their sessions, timed out.
 */
const people = new AsyncLocalStorage<true>();

/** forPeople runs `fn`, and everything it starts, in the people's lane. */
export const forPeople = <T>(fn: () => T): T => people.run(true, fn);

/** askedByPeople says whether the code running now works for a person (else a phone, a job, or nobody known). */
export const askedByPeople = () => people.getStore() === true;
