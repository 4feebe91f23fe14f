-- AlterTable
ALTER TABLE "event_log" ADD COLUMN     "contract" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "action_log" (
    "chain_id" INTEGER NOT NULL,
    "index" DECIMAL(78,0) NOT NULL,
    "owner" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "writer" TEXT NOT NULL,
    "user_index" DECIMAL(78,0) NOT NULL,
    "symbol" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "is_reduce" BOOLEAN NOT NULL,
    "is_reward" BOOLEAN NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,
    "start_time" BIGINT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "action_log_pkey" PRIMARY KEY ("chain_id","index")
);

-- CreateTable
CREATE TABLE "order_record" (
    "chain_id" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "order_index" DECIMAL(78,0) NOT NULL,
    "owner" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "tokens" DECIMAL(78,0) NOT NULL,
    "details" JSONB NOT NULL,
    "start_time" BIGINT NOT NULL,
    "end_time" BIGINT,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "order_record_pkey" PRIMARY KEY ("chain_id","contract","order_index")
);

-- CreateTable
CREATE TABLE "order_change" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "order_index" DECIMAL(78,0) NOT NULL,
    "owner" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "details" JSONB NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "order_change_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "mint_record" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "round" DECIMAL(78,0) NOT NULL,
    "times" DECIMAL(78,0) NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "amount_nex" DECIMAL(78,0) NOT NULL,
    "tokens" DECIMAL(78,0) NOT NULL,
    "nfts" DECIMAL(78,0) NOT NULL,
    "payment" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "mint_record_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "account_event" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "counterparty" TEXT,
    "kind" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "details" JSONB NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "account_event_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "nft_transfer" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "batch_index" INTEGER NOT NULL,
    "operator" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "token_id" DECIMAL(78,0) NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "nft_transfer_pkey" PRIMARY KEY ("chain_id","block_hash","log_index","batch_index")
);

-- CreateTable
CREATE TABLE "fomo_round_event" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "round" DECIMAL(78,0) NOT NULL,
    "kind" TEXT NOT NULL,
    "order_index" DECIMAL(78,0),
    "end_time" BIGINT NOT NULL,
    "pot" DECIMAL(78,0),
    "paid" DECIMAL(78,0),
    "settler" TEXT,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "fomo_round_event_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "token_burn" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "account" TEXT,
    "amount" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "token_burn_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "team_level" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "is_manual" BOOLEAN,
    "block_number" BIGINT NOT NULL,

    CONSTRAINT "team_level_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "admin_action" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "target" TEXT,
    "old_value" TEXT,
    "new_value" TEXT,
    "args" JSONB NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "admin_action_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "deferred_index" (
    "name" TEXT NOT NULL,
    "ddl" TEXT NOT NULL,

    CONSTRAINT "deferred_index_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "action_log_chain_id_owner_index_idx" ON "action_log"("chain_id", "owner", "index" DESC);

-- CreateIndex
CREATE INDEX "action_log_chain_id_owner_symbol_action_index_idx" ON "action_log"("chain_id", "owner", "symbol", "action", "index" DESC);

-- CreateIndex
CREATE INDEX "action_log_chain_id_owner_is_reward_symbol_start_time_idx" ON "action_log"("chain_id", "owner", "is_reward", "symbol", "start_time");

-- CreateIndex
CREATE INDEX "action_log_chain_id_block_number_idx" ON "action_log"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "order_record_chain_id_owner_contract_order_index_idx" ON "order_record"("chain_id", "owner", "contract", "order_index" DESC);

-- CreateIndex
CREATE INDEX "order_record_chain_id_block_number_idx" ON "order_record"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "order_change_chain_id_contract_order_index_block_number_log_idx" ON "order_change"("chain_id", "contract", "order_index", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "order_change_chain_id_block_number_idx" ON "order_change"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "mint_record_chain_id_account_block_number_log_index_idx" ON "mint_record"("chain_id", "account", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "mint_record_chain_id_block_number_idx" ON "mint_record"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "account_event_chain_id_account_contract_kind_block_number_l_idx" ON "account_event"("chain_id", "account", "contract", "kind", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "account_event_chain_id_block_number_idx" ON "account_event"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "nft_transfer_chain_id_from_block_number_idx" ON "nft_transfer"("chain_id", "from", "block_number" DESC);

-- CreateIndex
CREATE INDEX "nft_transfer_chain_id_to_block_number_idx" ON "nft_transfer"("chain_id", "to", "block_number" DESC);

-- CreateIndex
CREATE INDEX "nft_transfer_chain_id_block_number_idx" ON "nft_transfer"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "fomo_round_event_chain_id_contract_round_kind_block_number__idx" ON "fomo_round_event"("chain_id", "contract", "round" DESC, "kind", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "fomo_round_event_chain_id_block_number_idx" ON "fomo_round_event"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "token_burn_chain_id_block_number_idx" ON "token_burn"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "team_level_chain_id_account_contract_block_number_log_index_idx" ON "team_level"("chain_id", "account", "contract", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "team_level_chain_id_block_number_idx" ON "team_level"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "admin_action_chain_id_contract_block_number_log_index_idx" ON "admin_action"("chain_id", "contract", "block_number" DESC, "log_index" DESC);

-- CreateIndex
CREATE INDEX "admin_action_chain_id_block_number_idx" ON "admin_action"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "referral_path_chain_id_ancestor_distance_idx" ON "referral_path"("chain_id", "ancestor", "distance");
