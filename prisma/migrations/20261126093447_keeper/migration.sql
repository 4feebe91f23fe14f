-- AlterTable
ALTER TABLE "legacy_withdrawal" ADD COLUMN     "decided_at" TIMESTAMPTZ(3),
ADD COLUMN     "decided_by" TEXT,
ADD COLUMN     "paid_at" TIMESTAMPTZ(3),
ADD COLUMN     "payout_tx_hash" TEXT,
ADD COLUMN     "reason" TEXT;

-- CreateTable
CREATE TABLE "keeper_work" (
    "id" SERIAL NOT NULL,
    "job" TEXT NOT NULL,
    "work_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "tx_hash" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "keeper_work_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "keeper_transaction" (
    "id" SERIAL NOT NULL,
    "work_id" INTEGER NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "sender" TEXT NOT NULL,
    "nonce" BIGINT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "raw_tx" TEXT NOT NULL,
    "max_fee_per_gas" DECIMAL(78,0) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'signed',
    "gas_used" DECIMAL(78,0),
    "gas_cost" DECIMAL(78,0),
    "block_number" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "keeper_transaction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "keeper_work_work_key_key" ON "keeper_work"("work_key");

-- CreateIndex
CREATE INDEX "keeper_work_status_job_idx" ON "keeper_work"("status", "job");

-- CreateIndex
CREATE UNIQUE INDEX "keeper_transaction_tx_hash_key" ON "keeper_transaction"("tx_hash");

-- CreateIndex
CREATE INDEX "keeper_transaction_chain_id_sender_nonce_idx" ON "keeper_transaction"("chain_id", "sender", "nonce");

-- CreateIndex
CREATE INDEX "keeper_transaction_work_id_idx" ON "keeper_transaction"("work_id");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_withdrawal_payout_tx_hash_key" ON "legacy_withdrawal"("payout_tx_hash");

-- CreateIndex
CREATE INDEX "legacy_withdrawal_status_id_idx" ON "legacy_withdrawal"("status", "id");

-- AddForeignKey
ALTER TABLE "keeper_transaction" ADD CONSTRAINT "keeper_transaction_work_id_fkey" FOREIGN KEY ("work_id") REFERENCES "keeper_work"("id") ON DELETE CASCADE ON UPDATE CASCADE;
