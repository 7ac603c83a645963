-- The team's users and settings (docs/operating.md).

-- A deactivated account keeps its bookings and history but cannot sign in; its sessions are
-- deleted in the same transaction that sets this.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
-- Set each time a session is created for the account (the team's user list shows it).
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;
CREATE INDEX users_team_role_idx ON users (role) WHERE role <> 'user';
