-- DropForeignKey
ALTER TABLE "legacy_login_nonce" DROP CONSTRAINT "legacy_login_nonce_user_id_fkey";

-- DropForeignKey
ALTER TABLE "legacy_session" DROP CONSTRAINT "legacy_session_user_id_fkey";

-- DropIndex
DROP INDEX "legacy_session_user_id_idx";

-- AlterTable
ALTER TABLE "legacy_login_nonce" DROP COLUMN "user_id";

-- Sessions are bound to an address from now on (tokens issued before cannot be mapped: sign in again).
DELETE FROM "legacy_session";

-- AlterTable
ALTER TABLE "legacy_session" DROP COLUMN "user_id",
ADD COLUMN     "address" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "legacy_machine_type" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_zh" TEXT NOT NULL,
    "price" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,
    "daily_output" DECIMAL(78,18) NOT NULL,
    "days" INTEGER NOT NULL,
    "stock" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "max_per_user" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_machine_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_machine" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "type_id" INTEGER NOT NULL,
    "num" INTEGER NOT NULL,
    "price" DECIMAL(78,18) NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,
    "daily_output" DECIMAL(78,18) NOT NULL,
    "days" INTEGER NOT NULL,
    "settled_days" INTEGER NOT NULL DEFAULT 0,
    "tx_hash" TEXT NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_machine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_node" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_zh" TEXT NOT NULL,
    "price" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,
    "stock" INTEGER NOT NULL,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_node_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_node_order" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "node_id" INTEGER NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_node_order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_wallet" (
    "user_id" INTEGER NOT NULL,
    "credit_type" TEXT NOT NULL,
    "balance" DECIMAL(78,18) NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_wallet_pkey" PRIMARY KEY ("user_id","credit_type")
);

-- CreateTable
CREATE TABLE "legacy_wallet_log" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "credit_type" TEXT NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "balance" DECIMAL(78,18) NOT NULL,
    "kind" TEXT NOT NULL,
    "ref_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_wallet_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_power_log" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "power" DECIMAL(78,18) NOT NULL,
    "kind" TEXT NOT NULL,
    "ref_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_power_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_withdrawal" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "credit_type" TEXT NOT NULL,
    "amount" DECIMAL(78,18) NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_payment" (
    "tx_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "token" TEXT,
    "amount" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_payment_pkey" PRIMARY KEY ("tx_hash")
);

-- CreateIndex
CREATE UNIQUE INDEX "legacy_machine_tx_hash_key" ON "legacy_machine"("tx_hash");

-- CreateIndex
CREATE INDEX "legacy_machine_user_id_id_idx" ON "legacy_machine"("user_id", "id");

-- CreateIndex
CREATE INDEX "legacy_machine_end_at_idx" ON "legacy_machine"("end_at");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_node_order_user_id_key" ON "legacy_node_order"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_node_order_tx_hash_key" ON "legacy_node_order"("tx_hash");

-- CreateIndex
CREATE INDEX "legacy_wallet_log_user_id_credit_type_id_idx" ON "legacy_wallet_log"("user_id", "credit_type", "id");

-- CreateIndex
CREATE INDEX "legacy_power_log_user_id_id_idx" ON "legacy_power_log"("user_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_withdrawal_tx_hash_key" ON "legacy_withdrawal"("tx_hash");

-- CreateIndex
CREATE INDEX "legacy_withdrawal_user_id_id_idx" ON "legacy_withdrawal"("user_id", "id");

-- CreateIndex
CREATE INDEX "legacy_payment_user_id_idx" ON "legacy_payment"("user_id");

-- CreateIndex
CREATE INDEX "legacy_login_nonce_expires_at_idx" ON "legacy_login_nonce"("expires_at");

-- CreateIndex
CREATE INDEX "legacy_session_address_idx" ON "legacy_session"("address");

-- AddForeignKey
ALTER TABLE "legacy_machine" ADD CONSTRAINT "legacy_machine_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_machine" ADD CONSTRAINT "legacy_machine_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "legacy_machine_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_node_order" ADD CONSTRAINT "legacy_node_order_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_node_order" ADD CONSTRAINT "legacy_node_order_node_id_fkey" FOREIGN KEY ("node_id") REFERENCES "legacy_node"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_wallet" ADD CONSTRAINT "legacy_wallet_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_wallet_log" ADD CONSTRAINT "legacy_wallet_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_power_log" ADD CONSTRAINT "legacy_power_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_withdrawal" ADD CONSTRAINT "legacy_withdrawal_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_payment" ADD CONSTRAINT "legacy_payment_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
