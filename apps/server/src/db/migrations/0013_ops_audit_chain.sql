ALTER TABLE "ops_audit" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_audit" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 30, item B): the audit log's hash chain. hash = sha256(prev_hash || the row as a JSON
-- array); the time is written in UTC with microseconds so the session's time zone never changes the bytes.
-- The app appends through it (ops-audit-chain.ts), the check recomputes with it, and the backfill below uses it.
CREATE FUNCTION "ops_audit_row_hash"(
  p_prev text, p_id bigint, p_operator_id uuid, p_operator_name text, p_action text, p_target_type text,
  p_target_id text, p_before jsonb, p_after jsonb, p_ip text, p_date_created timestamptz
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(p_prev || jsonb_build_array(
    p_id, p_operator_id, p_operator_name, p_action, p_target_type, p_target_id, p_before, p_after, p_ip,
    to_char(p_date_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Backfill the rows written before the chain, oldest first. The append-only trigger is lifted for this
-- migration's transaction only.
ALTER TABLE "ops_audit" DISABLE TRIGGER "ops_audit_no_update_delete";--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text := '';
BEGIN
  FOR r IN SELECT * FROM "ops_audit" ORDER BY "id" LOOP
    UPDATE "ops_audit" SET "prev_hash" = prev,
      "hash" = ops_audit_row_hash(prev, r.id, r.operator_id, r.operator_name, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.date_created)
    WHERE "id" = r.id
    RETURNING "hash" INTO prev;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "ops_audit" ENABLE TRIGGER "ops_audit_no_update_delete";
