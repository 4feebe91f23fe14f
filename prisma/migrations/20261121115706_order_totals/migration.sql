-- CreateTable
CREATE TABLE "account_order_total" (
    "chain_id" INTEGER NOT NULL,
    "owner" TEXT NOT NULL,
    "contract" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "orders" INTEGER NOT NULL,

    CONSTRAINT "account_order_total_pkey" PRIMARY KEY ("chain_id","owner","contract")
);

-- CreateTable
CREATE TABLE "team_order_total" (
    "chain_id" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "contract" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "team_order_total_pkey" PRIMARY KEY ("chain_id","account","contract")
);

-- Backfill: the totals of the orders indexed before these tables existed
INSERT INTO "account_order_total" ("chain_id", "owner", "contract", "amount", "orders")
SELECT "chain_id", "owner", "contract", sum("amount"), count(*)::int FROM "order_record" GROUP BY 1, 2, 3;

INSERT INTO "team_order_total" ("chain_id", "account", "contract", "amount")
SELECT p."chain_id", p."ancestor", o."contract", sum(o."amount") FROM "referral_path" p
JOIN "account_order_total" o ON o."chain_id" = p."chain_id" AND o."owner" = p."descendant" GROUP BY 1, 2, 3;
