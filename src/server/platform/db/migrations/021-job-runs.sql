-- When each periodic job last finished, on whichever server ran it (docs/decisions/037). A server
-- that finds its job done within the interval skips its own tick, and /metrics reports the time.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  last_success_at timestamptz NOT NULL
);
