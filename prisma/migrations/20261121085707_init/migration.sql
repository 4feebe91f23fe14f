-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "chain_checkpoint" (
    "chain_id" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_checkpoint_pkey" PRIMARY KEY ("chain_id")
);

-- CreateTable
CREATE TABLE "chain_block" (
    "chain_id" INTEGER NOT NULL,
    "number" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "parent_hash" TEXT NOT NULL,
    "timestamp" BIGINT NOT NULL,

    CONSTRAINT "chain_block_pkey" PRIMARY KEY ("chain_id","number")
);

-- CreateTable
CREATE TABLE "event_log" (
    "chain_id" INTEGER NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,
    "transaction_index" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "topics" TEXT[],
    "data" TEXT NOT NULL,
    "args" JSONB NOT NULL,

    CONSTRAINT "event_log_pkey" PRIMARY KEY ("chain_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "registration" (
    "chain_id" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "referrer" TEXT NOT NULL,
    "index" DECIMAL(78,0) NOT NULL,
    "depth" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "transaction_hash" TEXT NOT NULL,

    CONSTRAINT "registration_pkey" PRIMARY KEY ("chain_id","account")
);

-- CreateTable
CREATE TABLE "referral_path" (
    "chain_id" INTEGER NOT NULL,
    "ancestor" TEXT NOT NULL,
    "descendant" TEXT NOT NULL,
    "distance" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,

    CONSTRAINT "referral_path_pkey" PRIMARY KEY ("chain_id","ancestor","descendant")
);

-- CreateTable
CREATE TABLE "legacy_user" (
    "id" SERIAL NOT NULL,
    "address" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "recommender" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "legacy_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "legacy_login_nonce" (
    "nonce" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "user_id" INTEGER,

    CONSTRAINT "legacy_login_nonce_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "legacy_session" (
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "legacy_session_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE UNIQUE INDEX "chain_block_chain_id_hash_key" ON "chain_block"("chain_id", "hash");

-- CreateIndex
CREATE INDEX "event_log_chain_id_block_number_idx" ON "event_log"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "event_log_chain_id_address_event_name_block_number_idx" ON "event_log"("chain_id", "address", "event_name", "block_number");

-- CreateIndex
CREATE INDEX "registration_chain_id_referrer_idx" ON "registration"("chain_id", "referrer");

-- CreateIndex
CREATE INDEX "registration_chain_id_block_number_idx" ON "registration"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "referral_path_chain_id_descendant_idx" ON "referral_path"("chain_id", "descendant");

-- CreateIndex
CREATE INDEX "referral_path_chain_id_block_number_idx" ON "referral_path"("chain_id", "block_number");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_user_address_key" ON "legacy_user"("address");

-- CreateIndex
CREATE UNIQUE INDEX "legacy_user_username_key" ON "legacy_user"("username");

-- CreateIndex
CREATE INDEX "legacy_user_recommender_idx" ON "legacy_user"("recommender");

-- CreateIndex
CREATE INDEX "legacy_login_nonce_address_idx" ON "legacy_login_nonce"("address");

-- CreateIndex
CREATE INDEX "legacy_session_user_id_idx" ON "legacy_session"("user_id");

-- AddForeignKey
ALTER TABLE "legacy_login_nonce" ADD CONSTRAINT "legacy_login_nonce_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legacy_session" ADD CONSTRAINT "legacy_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "legacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
