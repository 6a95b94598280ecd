// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BulkJob } from '../../../../core/api/orderBulk';
import { BULK_REFRESH_MS, jobSeen, useOrdersFollowJob } from './api';

const job = (id: number, status: BulkJob['status'], done: number, total = 25): BulkJob => ({
  id,
  action: 'status',
  status,
  total,
  done,
  skipped: 0,
  failed: 0,
  created_at: 0,
});

let now = 1_000_000;
let qc: QueryClient;
/** How many times the orders on screen were asked to refetch. */
const refreshes = () =>
  vi.mocked(qc.invalidateQueries).mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === '["order"]').length;

function follow(first: BulkJob) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const hook = renderHook((p: { data: BulkJob; dataUpdatedAt: number }) => useOrdersFollowJob(p), {
    wrapper,
    initialProps: { data: first, dataUpdatedAt: now },
  });
  /** The next poll's answer, `ms` later. */
  return (data: BulkJob, ms: number) => {
    now += ms;
    hook.rerender({ data, dataUpdatedAt: now });
  };
}

beforeEach(() => {
  qc = new QueryClient();
  vi.spyOn(qc, 'invalidateQueries');
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  jobSeen.reset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useOrdersFollowJob', () => {
  it('refreshes the orders as the job moves on, at most every BULK_REFRESH_MS, and at once when it ends', () => {
    jobSeen.started(1);
    const poll = follow(job(1, 'queued', 0));
    expect(refreshes()).toBe(0);
    poll(job(1, 'running', 5), 1000);
    poll(job(1, 'running', 8), 1000);
    expect(refreshes()).toBe(0);
    // A change held back by the pace is made at a later poll, even one that brings nothing new.
    poll(job(1, 'running', 8), BULK_REFRESH_MS - 2000);
    expect(refreshes()).toBe(1);
    poll(job(1, 'running', 8), 2000);
    expect(refreshes()).toBe(1);
    poll(job(1, 'running', 12), 1000);
    expect(refreshes()).toBe(1);
    poll(job(1, 'done', 25), 500);
    expect(refreshes()).toBe(2);
    // Ended and refreshed: later answers of the same job change nothing.
    poll(job(1, 'done', 25), 10_000);
    expect(refreshes()).toBe(2);
  });

  it('a job started here that ends before its first poll still refreshes the orders', () => {
    jobSeen.started(2);
    follow(job(2, 'done', 25));
    expect(refreshes()).toBe(1);
  });

  it('a job first seen already ended (the screen was fetched after it) refreshes nothing', () => {
    follow(job(3, 'done', 25));
    expect(refreshes()).toBe(0);
    expect(jobSeen.running(3)).toBe(false);
  });

  it('a job seen running, then ended while no screen followed it, refreshes when next followed', () => {
    follow(job(4, 'running', 3));
    expect(jobSeen.running(4)).toBe(true);
    cleanup();
    const again = follow(job(4, 'running', 3));
    again(job(4, 'done', 25), 30_000);
    expect(refreshes()).toBe(1);
    expect(jobSeen.running(4)).toBe(false);
  });
});
