-- The keeper's payout state of the legacy API's withdrawals moves out of `legacy_withdrawal` into `keeper_payout`,
-- owned by the keeper (docs/database.md). Each app reads the other's side through a view: the keeper the withdrawal
-- requests (`legacy_withdrawal_request`, owned by the legacy API), the legacy API the payouts
-- (`keeper_withdrawal_payout`, owned by the keeper). `legacy_withdrawal.status` keeps the legacy API's decision
-- only (pending, approved, rejected).

-- CreateTable
CREATE TABLE "keeper_payout" (
    "withdrawal_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'paying',
    "payout_tx_hash" TEXT,
    "reason" TEXT,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),

    CONSTRAINT "keeper_payout_pkey" PRIMARY KEY ("withdrawal_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "keeper_payout_payout_tx_hash_key" ON "keeper_payout"("payout_tx_hash");

-- CreateIndex
CREATE INDEX "keeper_payout_status_paid_at_idx" ON "keeper_payout"("status", "paid_at");

-- The payouts so far: being paid, paid or failed (a failure's reason was the keeper's); the withdrawal keeps the
-- decision it had (approved if a manager decided it, else pending).
INSERT INTO "keeper_payout" ("withdrawal_id", "status", "payout_tx_hash", "reason", "claimed_at", "paid_at")
SELECT "id", "status", "payout_tx_hash", CASE WHEN "status" = 'failed' THEN "reason" END,
       COALESCE("decided_at", "created_at"), "paid_at"
FROM "legacy_withdrawal" WHERE "status" IN ('paying', 'paid', 'failed');

UPDATE "legacy_withdrawal"
SET "status" = CASE WHEN "decided_by" IS NOT NULL THEN 'approved' ELSE 'pending' END,
    "reason" = CASE WHEN "status" = 'failed' THEN NULL ELSE "reason" END
WHERE "status" IN ('paying', 'paid', 'failed');

-- DropIndex
DROP INDEX "legacy_withdrawal_payout_tx_hash_key";

-- AlterTable
ALTER TABLE "legacy_withdrawal" DROP COLUMN "paid_at",
DROP COLUMN "payout_tx_hash";

-- ─── Read interfaces ──────────────────────────────────────────────────────────────────────────────────────────

-- Owned by the keeper, read by the legacy API: the state of each withdrawal's payout (no row: not claimed).
CREATE VIEW "keeper_withdrawal_payout" AS
SELECT "withdrawal_id", "status", "payout_tx_hash", "reason", "claimed_at", "paid_at" FROM "keeper_payout";

-- Owned by the legacy API, read by the keeper: the withdrawal requests, with the address to pay and the legacy
-- API's decision (pending, approved, rejected). The keeper locks a request's row through it (FOR SHARE) while it
-- claims the payout, and the legacy API locks it (FOR UPDATE) while it rejects one: never both.
CREATE VIEW "legacy_withdrawal_request" AS
SELECT w."id", u."address", w."credit_type", w."amount", w."status", w."created_at"
FROM "legacy_withdrawal" w JOIN "legacy_user" u ON u."id" = w."user_id";
