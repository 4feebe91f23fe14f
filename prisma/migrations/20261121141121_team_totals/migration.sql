-- DropIndex
DROP INDEX "referral_path_chain_id_descendant_idx";

-- CreateTable
CREATE TABLE "team_member_count" (
    "chain_id" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "direct" INTEGER NOT NULL,
    "team" INTEGER NOT NULL,

    CONSTRAINT "team_member_count_pkey" PRIMARY KEY ("chain_id","account")
);

-- CreateTable
CREATE TABLE "legacy_team_total" (
    "chain_id" INTEGER NOT NULL,
    "ancestor" TEXT NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,

    CONSTRAINT "legacy_team_total_pkey" PRIMARY KEY ("chain_id","ancestor")
);

-- CreateTable
CREATE TABLE "legacy_team_machine" (
    "chain_id" INTEGER NOT NULL,
    "ancestor" TEXT NOT NULL,
    "machine_id" INTEGER NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "expired" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "legacy_team_machine_pkey" PRIMARY KEY ("chain_id","ancestor","machine_id")
);

-- CreateIndex
CREATE INDEX "legacy_team_machine_machine_id_idx" ON "legacy_team_machine"("machine_id");

-- CreateIndex
CREATE INDEX "legacy_team_machine_chain_id_ancestor_expired_end_at_idx" ON "legacy_team_machine"("chain_id", "ancestor", "expired", "end_at");

-- CreateIndex
CREATE INDEX "legacy_team_machine_expired_end_at_idx" ON "legacy_team_machine"("expired", "end_at");

-- CreateIndex
CREATE INDEX "referral_path_descendant_chain_id_idx" ON "referral_path"("descendant", "chain_id");

-- Team sizes, kept by triggers on referral_path for whoever writes it (the indexer's ranges and rollbacks, tools)
CREATE FUNCTION "team_member_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_member_count AS c (chain_id, account, direct, team)
  SELECT chain_id, ancestor, count(*) FILTER (WHERE distance = 1), count(*) FROM new_paths GROUP BY 1, 2
  ON CONFLICT (chain_id, account) DO UPDATE SET direct = c.direct + EXCLUDED.direct, team = c.team + EXCLUDED.team;
  RETURN NULL;
END $$;

CREATE FUNCTION "team_member_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_member_count c SET direct = c.direct - gone.direct, team = c.team - gone.team
  FROM (SELECT chain_id, ancestor, count(*) FILTER (WHERE distance = 1) AS direct, count(*) AS team
        FROM old_paths GROUP BY 1, 2) gone
  WHERE c.chain_id = gone.chain_id AND c.account = gone.ancestor;
  DELETE FROM team_member_count c USING (SELECT DISTINCT chain_id, ancestor FROM old_paths) gone
  WHERE c.chain_id = gone.chain_id AND c.account = gone.ancestor AND c.team <= 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "team_member_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_member_count;
  RETURN NULL;
END $$;

CREATE TRIGGER "team_member_count_added" AFTER INSERT ON "referral_path"
  REFERENCING NEW TABLE AS new_paths FOR EACH STATEMENT EXECUTE FUNCTION "team_member_count_added"();
CREATE TRIGGER "team_member_count_removed" AFTER DELETE ON "referral_path"
  REFERENCING OLD TABLE AS old_paths FOR EACH STATEMENT EXECUTE FUNCTION "team_member_count_removed"();
CREATE TRIGGER "team_member_count_truncated" AFTER TRUNCATE ON "referral_path"
  FOR EACH STATEMENT EXECUTE FUNCTION "team_member_count_truncated"();

-- Backfill: the team sizes of the registrations indexed before this table existed
INSERT INTO "team_member_count" ("chain_id", "account", "direct", "team")
SELECT "chain_id", "ancestor", count(*) FILTER (WHERE "distance" = 1)::int, count(*)::int FROM "referral_path" GROUP BY 1, 2;

-- The legacy API's team machine totals, kept by the database whichever side writes first: the indexer adds
-- members (referral_path) and the legacy API adds machines (legacy_machine). Every change of legacy_team_machine
-- and legacy_team_total first takes one transaction-scoped advisory lock, so that a member and a machine written
-- by two concurrent transactions are never both missed (each statement of a PL/pgSQL function sees what
-- committed before it), and the changes never deadlock one another.

-- Adds team rows, and their amount and power to the totals (null arrays: nothing).
CREATE FUNCTION "legacy_team_rows_added"(chains integer[], ancestors text[], machines integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    INSERT INTO legacy_team_machine (chain_id, ancestor, machine_id, amount, power, end_at)
    SELECT g.chain_id, g.ancestor, m.id, m.amount, m.power, m.end_at
    FROM unnest(chains, ancestors, machines) AS g(chain_id, ancestor, machine_id) JOIN legacy_machine m ON m.id = g.machine_id
    ON CONFLICT DO NOTHING
    RETURNING chain_id, ancestor, amount, power)
  INSERT INTO legacy_team_total AS t (chain_id, ancestor, amount, power)
  SELECT chain_id, ancestor, sum(amount), sum(power) FROM added GROUP BY 1, 2
  ON CONFLICT (chain_id, ancestor) DO UPDATE SET amount = t.amount + EXCLUDED.amount, power = t.power + EXCLUDED.power;
END $$;

-- Removes team rows, and their amount (and power, unless already folded) from the totals (null arrays: nothing).
CREATE FUNCTION "legacy_team_rows_removed"(chains integer[], ancestors text[], machines integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM legacy_team_machine r
    USING unnest(chains, ancestors, machines) AS g(chain_id, ancestor, machine_id)
    WHERE r.chain_id = g.chain_id AND r.ancestor = g.ancestor AND r.machine_id = g.machine_id
    RETURNING r.chain_id, r.ancestor, r.amount, r.power, r.expired)
  UPDATE legacy_team_total t SET amount = t.amount - x.amount, power = t.power - x.power
  FROM (SELECT chain_id, ancestor, sum(amount) AS amount, coalesce(sum(power) FILTER (WHERE NOT expired), 0) AS power
        FROM gone GROUP BY 1, 2) x
  WHERE t.chain_id = x.chain_id AND t.ancestor = x.ancestor;
  DELETE FROM legacy_team_total t
  USING (SELECT DISTINCT chain_id, ancestor FROM unnest(chains, ancestors) AS g(chain_id, ancestor)) g
  WHERE t.chain_id = g.chain_id AND t.ancestor = g.ancestor
    AND NOT EXISTS (SELECT 1 FROM legacy_team_machine r WHERE r.chain_id = t.chain_id AND r.ancestor = t.ancestor);
END $$;

-- New members (referral_path rows): their machines join the teams of their new ancestors
CREATE FUNCTION "legacy_team_paths_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id))
  FROM new_paths p JOIN legacy_user u ON u.address = p.descendant JOIN legacy_machine m ON m.user_id = u.id;
  RETURN NULL;
END $$;

-- New machines: they join the teams of every ancestor of their owner, in every chain's tree
CREATE FUNCTION "legacy_team_machines_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id))
  FROM new_machines m JOIN legacy_user u ON u.id = m.user_id JOIN referral_path p ON p.descendant = u.address;
  RETURN NULL;
END $$;

-- Removed members (a reorg's rollback): their machines leave the teams of those ancestors
CREATE FUNCTION "legacy_team_paths_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_removed(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id))
  FROM old_paths p JOIN legacy_user u ON u.address = p.descendant JOIN legacy_machine m ON m.user_id = u.id;
  RETURN NULL;
END $$;

-- Removed machines (also by a deleted user): they leave every team
CREATE FUNCTION "legacy_team_machines_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_removed(array_agg(r.chain_id), array_agg(r.ancestor), array_agg(r.machine_id))
  FROM old_machines m JOIN legacy_team_machine r ON r.machine_id = m.id;
  RETURN NULL;
END $$;

-- Emptied tables empty the totals that depend on them
CREATE FUNCTION "legacy_team_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  DELETE FROM legacy_team_machine;
  DELETE FROM legacy_team_total;
  RETURN NULL;
END $$;

-- A machine whose owner, amount, power or end changed, or the machines of a user whose address changed: their team
-- rows are written again from the current values
CREATE FUNCTION "legacy_team_machines_rewritten"(machine_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_removed(array_agg(r.chain_id), array_agg(r.ancestor), array_agg(r.machine_id))
  FROM legacy_team_machine r WHERE r.machine_id = ANY(machine_ids);
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id))
  FROM legacy_machine m JOIN legacy_user u ON u.id = m.user_id JOIN referral_path p ON p.descendant = u.address
  WHERE m.id = ANY(machine_ids);
END $$;

CREATE FUNCTION "legacy_team_machine_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM legacy_team_machines_rewritten(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

CREATE FUNCTION "legacy_team_user_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM legacy_team_machines_rewritten(ARRAY(SELECT id FROM legacy_machine WHERE user_id = NEW.id));
  RETURN NULL;
END $$;

-- Marks the team rows whose machine ended by "at" as expired and takes their power out of the totals. Returns
-- how many rows it marked. The legacy API calls it periodically. Reads are right without it (they subtract the
-- rows past their end themselves), it keeps that work small.
CREATE FUNCTION "legacy_team_fold"("at" timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  WITH done AS (
    UPDATE legacy_team_machine SET expired = true WHERE NOT expired AND end_at <= "at"
    RETURNING chain_id, ancestor, power),
  totals AS (
    UPDATE legacy_team_total t SET power = t.power - x.power
    FROM (SELECT chain_id, ancestor, sum(power) AS power FROM done GROUP BY 1, 2) x
    WHERE t.chain_id = x.chain_id AND t.ancestor = x.ancestor)
  SELECT count(*) INTO folded FROM done;
  RETURN folded;
END $$;

CREATE TRIGGER "legacy_team_paths_inserted" AFTER INSERT ON "referral_path"
  REFERENCING NEW TABLE AS new_paths FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_paths_inserted"();
CREATE TRIGGER "legacy_team_paths_deleted" AFTER DELETE ON "referral_path"
  REFERENCING OLD TABLE AS old_paths FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_paths_deleted"();
CREATE TRIGGER "legacy_team_paths_truncated" AFTER TRUNCATE ON "referral_path"
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_truncated"();
CREATE TRIGGER "legacy_team_machines_inserted" AFTER INSERT ON "legacy_machine"
  REFERENCING NEW TABLE AS new_machines FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_machines_inserted"();
CREATE TRIGGER "legacy_team_machines_deleted" AFTER DELETE ON "legacy_machine"
  REFERENCING OLD TABLE AS old_machines FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_machines_deleted"();
CREATE TRIGGER "legacy_team_machines_truncated" AFTER TRUNCATE ON "legacy_machine"
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy_team_truncated"();
CREATE TRIGGER "legacy_team_machine_updated" AFTER UPDATE OF "user_id", "amount", "power", "end_at" ON "legacy_machine"
  FOR EACH ROW WHEN (OLD."user_id" <> NEW."user_id" OR OLD."amount" <> NEW."amount" OR OLD."power" <> NEW."power"
    OR OLD."end_at" <> NEW."end_at")
  EXECUTE FUNCTION "legacy_team_machine_updated"();
CREATE TRIGGER "legacy_team_user_updated" AFTER UPDATE OF "address" ON "legacy_user"
  FOR EACH ROW WHEN (OLD."address" <> NEW."address") EXECUTE FUNCTION "legacy_team_user_updated"();

-- Backfill: the machines bought before these tables existed
INSERT INTO "legacy_team_machine" ("chain_id", "ancestor", "machine_id", "amount", "power", "end_at")
SELECT p."chain_id", p."ancestor", m."id", m."amount", m."power", m."end_at"
FROM "legacy_machine" m JOIN "legacy_user" u ON u."id" = m."user_id" JOIN "referral_path" p ON p."descendant" = u."address";
INSERT INTO "legacy_team_total" ("chain_id", "ancestor", "amount", "power")
SELECT "chain_id", "ancestor", sum("amount"), sum("power") FROM "legacy_team_machine" GROUP BY 1, 2;
