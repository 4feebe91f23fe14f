-- One owner per table (docs/database.md): the indexer writes the chain tables, the legacy API its legacy_* tables,
-- and neither writes the other's. The legacy API reads the indexer's data only through the indexer_* views below.
-- Until now, triggers on the indexer's referral_path wrote the legacy API's team tables whenever the indexer wrote
-- the tree; they are replaced by legacy_team_sync(chain), which the legacy API runs itself and which reads the tree
-- through the views.

-- ─── The indexer's read interface (owned by the indexer: it keeps these columns whatever its tables become) ─────

-- Accounts registered in Main (the referral tree's nodes). `index` is Main's 1-based registration number.
CREATE VIEW "indexer_registration" AS
SELECT "chain_id", "account", "referrer", "index", "depth", "block_number", "block_timestamp" FROM "registration";

-- The referral tree's closure: one row per (ancestor, descendant) at distance >= 1, with the registration's block.
CREATE VIEW "indexer_referral_path" AS
SELECT "chain_id", "ancestor", "descendant", "distance", "block_number" FROM "referral_path";

-- Team sizes per account: direct members and the whole team.
CREATE VIEW "indexer_team_member_count" AS
SELECT "chain_id", "account", "direct", "team" FROM "team_member_count";

-- Where the index stands: every row of the views is of the chain up to this block (written in one transaction).
CREATE VIEW "indexer_chain_checkpoint" AS
SELECT "chain_id", "block_number", "block_hash" FROM "chain_checkpoint";

-- Recent canonical blocks (the unfinalised tail the indexer keeps, always including the checkpoint's block): a
-- block number and hash found here is part of the indexed chain.
CREATE VIEW "indexer_chain_block" AS
SELECT "chain_id", "number", "hash" FROM "chain_block";

-- ─── The indexer's tree no longer writes legacy tables ────────────────────────────────────────────────────────

DROP TRIGGER "legacy_team_paths_inserted" ON "referral_path";
DROP TRIGGER "legacy_team_paths_deleted" ON "referral_path";
DROP TRIGGER "legacy_team_paths_truncated" ON "referral_path";
DROP FUNCTION "legacy_team_paths_inserted"();
DROP FUNCTION "legacy_team_paths_deleted"();

-- ─── The legacy API's team rows, kept by the legacy API from the views ────────────────────────────────────────

-- The team rows are rebuilt by the first legacy_team_sync (they now carry the block of their tree row).
DELETE FROM "legacy_team_machine";
DELETE FROM "legacy_team_total";

-- AlterTable
ALTER TABLE "legacy_team_machine" ADD COLUMN     "path_block" BIGINT NOT NULL;

-- CreateTable
CREATE TABLE "legacy_team_sync" (
    "chain_id" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,

    CONSTRAINT "legacy_team_sync_pkey" PRIMARY KEY ("chain_id")
);

-- Adds team rows (with the block of their tree row), and their amount and power to the totals (null arrays:
-- nothing). Replaces the three-argument version.
DROP FUNCTION "legacy_team_rows_added"(integer[], text[], integer[]);
CREATE FUNCTION "legacy_team_rows_added"(chains integer[], ancestors text[], machines integer[], blocks bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    INSERT INTO legacy_team_machine (chain_id, ancestor, machine_id, amount, power, end_at, path_block)
    SELECT g.chain_id, g.ancestor, m.id, m.amount, m.power, m.end_at, g.path_block
    FROM unnest(chains, ancestors, machines, blocks) AS g(chain_id, ancestor, machine_id, path_block)
    JOIN legacy_machine m ON m.id = g.machine_id
    ON CONFLICT DO NOTHING
    RETURNING chain_id, ancestor, amount, power)
  INSERT INTO legacy_team_total AS t (chain_id, ancestor, amount, power)
  SELECT chain_id, ancestor, sum(amount), sum(power) FROM added GROUP BY 1, 2
  ON CONFLICT (chain_id, ancestor) DO UPDATE SET amount = t.amount + EXCLUDED.amount, power = t.power + EXCLUDED.power;
END $$;

-- The tree rows the team rows of these machines come from: in each synced chain, the paths up to its synced block.
-- One statement, so that the check that the synced block is still canonical and the read of the tree see the same
-- committed state of the index. A chain whose synced block is no longer canonical has its sync row deleted (and no
-- rows here): the next legacy_team_sync rebuilds it.
CREATE FUNCTION "legacy_team_synced_paths"(machine_ids integer[])
RETURNS TABLE (chain_id integer, ancestor text, machine_id integer, path_block bigint) LANGUAGE sql AS $$
  WITH stale AS (
    DELETE FROM legacy_team_sync s
    WHERE NOT EXISTS (SELECT 1 FROM indexer_chain_block b
                      WHERE b.chain_id = s.chain_id AND b.number = s.block_number AND b.hash = s.block_hash)
    RETURNING s.chain_id)
  SELECT p.chain_id, p.ancestor, m.id, p.block_number
  FROM legacy_machine m
  JOIN legacy_user u ON u.id = m.user_id
  JOIN indexer_referral_path p ON p.descendant = u.address
  JOIN legacy_team_sync s ON s.chain_id = p.chain_id AND p.block_number <= s.block_number
  WHERE m.id = ANY(machine_ids) AND s.chain_id NOT IN (SELECT stale.chain_id FROM stale)
$$;

-- New machines: they join the teams of every ancestor of their owner, in every synced chain's tree
CREATE OR REPLACE FUNCTION "legacy_team_machines_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(p.machine_id),
    array_agg(p.path_block))
  FROM legacy_team_synced_paths(ARRAY(SELECT id FROM new_machines)) p;
  RETURN NULL;
END $$;

-- A machine whose owner, amount, power or end changed, or the machines of a user whose address changed: their team
-- rows are written again from the current values
CREATE OR REPLACE FUNCTION "legacy_team_machines_rewritten"(machine_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('legacy_team_total'));
  PERFORM legacy_team_rows_removed(array_agg(r.chain_id), array_agg(r.ancestor), array_agg(r.machine_id))
  FROM legacy_team_machine r WHERE r.machine_id = ANY(machine_ids);
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(p.machine_id),
    array_agg(p.path_block))
  FROM legacy_team_synced_paths(machine_ids) p;
END $$;

-- Brings the team rows of `chain` up to the indexer's checkpoint. Returns what it did: 'unchanged', 'added' (the
-- synced block is still canonical: only the tree rows above it are new) or 'rebuilt' (first run, or a reorg took
-- the synced block away: every team row of the chain is written again from the tree).
--
-- Runs in a REPEATABLE READ transaction that holds the team lock (hashtext('legacy_team_total'), taken as a
-- session lock before the transaction's first statement), so that the checkpoint, the canonical check and the tree
-- are read from one committed state of the index, and no machine changes meanwhile. The legacy API's
-- `syncTeamTotals` does exactly that.
CREATE FUNCTION "legacy_team_sync"(chain integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  head_number bigint;
  head_hash text;
  synced_number bigint;
  synced_hash text;
BEGIN
  IF current_setting('transaction_isolation') <> 'repeatable read' THEN
    RAISE EXCEPTION 'legacy_team_sync runs in a REPEATABLE READ transaction';
  END IF;
  SELECT c.block_number, c.block_hash INTO head_number, head_hash FROM indexer_chain_checkpoint c WHERE c.chain_id = chain;
  SELECT s.block_number, s.block_hash INTO synced_number, synced_hash FROM legacy_team_sync s WHERE s.chain_id = chain;
  IF synced_number IS NOT NULL AND synced_number = head_number AND synced_hash = head_hash THEN
    RETURN 'unchanged';
  END IF;
  IF synced_number IS NOT NULL AND head_number IS NOT NULL AND EXISTS (
      SELECT 1 FROM indexer_chain_block b WHERE b.chain_id = chain AND b.number = synced_number AND b.hash = synced_hash) THEN
    PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id), array_agg(p.block_number))
    FROM indexer_referral_path p JOIN legacy_user u ON u.address = p.descendant JOIN legacy_machine m ON m.user_id = u.id
    WHERE p.chain_id = chain AND p.block_number > synced_number;
    UPDATE legacy_team_sync s SET block_number = head_number, block_hash = head_hash WHERE s.chain_id = chain;
    RETURN 'added';
  END IF;
  DELETE FROM legacy_team_machine r WHERE r.chain_id = chain;
  DELETE FROM legacy_team_total t WHERE t.chain_id = chain;
  PERFORM legacy_team_rows_added(array_agg(p.chain_id), array_agg(p.ancestor), array_agg(m.id), array_agg(p.block_number))
  FROM indexer_referral_path p JOIN legacy_user u ON u.address = p.descendant JOIN legacy_machine m ON m.user_id = u.id
  WHERE p.chain_id = chain;
  IF head_number IS NULL THEN
    -- Nothing indexed yet (or a tree written without a checkpoint): no block to follow from, rebuilt every time.
    DELETE FROM legacy_team_sync s WHERE s.chain_id = chain;
  ELSE
    INSERT INTO legacy_team_sync AS s (chain_id, block_number, block_hash) VALUES (chain, head_number, head_hash)
    ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash;
  END IF;
  RETURN 'rebuilt';
END $$;
